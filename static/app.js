// Progressive enhancement: every page works without this file.
(function () {
  "use strict";
  const DRAFT = (id) => "shousi:draft:" + id;
  const DRAFT_AT = (id) => "shousi:draft-at:" + id;  // when the draft last changed (ms)
  const SOLVED = (id) => "shousi:solved:" + id;
  const CUSTOM = (id) => "shousi:custom:" + id;
  const REVEALED = (id) => "shousi:revealed:" + id;
  const store = {
    get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* quota or privacy mode */ } },
    remove(key) { try { localStorage.removeItem(key); } catch (e) { /* ignore */ } },
  };

  function renderMath(root) {
    if (!window.katex) return;
    root.querySelectorAll(".math.inline, .math.block").forEach((el) => {
      if (el.dataset.rendered) return;
      const tex = el.textContent;
      try {
        window.katex.render(tex, el, { displayMode: el.classList.contains("block"), throwOnError: false });
        el.dataset.rendered = "1";
      } catch (e) { el.textContent = tex; }
    });
  }

  // A box that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
  // Code blocks always get tabindex="0" in the markup; these boxes (overflow-x: auto in
  // app.css) only while their content is wider than they are, so that a formula or a hint
  // that fits is not a tab stop.
  const SCROLL_BOXES = ".math.block, .hint-body, .editorial-body";
  function focusOverflowing() {
    document.querySelectorAll(SCROLL_BOXES).forEach((el) => {
      if (el.scrollWidth > el.clientWidth) el.tabIndex = 0;
      else el.removeAttribute("tabindex");
    });
  }

  // CodeMirror's scroller holds a contenteditable, which axe does not count as focusable
  // content; an explicit tabindex on it says what is already true (it takes the focus).
  function keyboardEditor(editor) {
    editor.view.contentDOM.tabIndex = 0;
    return editor;
  }

  function markSolved() {
    document.querySelectorAll("tr[data-problem]").forEach((row) => {
      // The server marks what it kept; this browser may remember a solve from before that.
      if (!store.get(SOLVED(row.dataset.problem))) return;
      row.querySelector(".solved-mark").hidden = false;
      const tried = row.querySelector(".attempted-mark");
      if (tried) tried.hidden = true;
    });
  }

  // Drafts live in this browser (the text, and when it last changed) and on the server
  // (PUT /api/problems/ID/draft, a second after the last key and when the page is hidden).
  // On load the newer of the two goes into the editor; the other stays one click away.
  function setupDrafts(form, id, starter, getCode, setCode) {
    const url = "/api/problems/" + encodeURIComponent(id) + "/draft";
    const status = form.querySelector(".draft-status");
    const note = form.querySelector(".editor-note");
    const localText = () => { const text = store.get(DRAFT(id)); return text === null ? starter : text; };
    const localAt = () => Number(store.get(DRAFT_AT(id)) || 0);
    let serverCode = null;  // what the server is known to hold
    let timer = null;
    let typed = false;  // typed since the page loaded: that text is newer than any draft

    const clock = (iso) => {
      const when = iso ? new Date(iso) : new Date();
      return when.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    };
    const show = (kind, detail) => {
      status.hidden = false;
      status.dataset.state = kind;
      const text = status.dataset[kind] || "";
      status.textContent = kind === "saved" ? text.replace("{time}", clock(detail)) : (detail || text);
    };
    function keepLocal(text, at) {
      if (text === localText() && store.get(DRAFT_AT(id)) !== null) return;
      if (text === starter) store.remove(DRAFT(id)); else store.set(DRAFT(id), text);
      store.set(DRAFT_AT(id), String(at || Date.now()));
    }
    async function push(text, keepalive) {
      if (text === serverCode) return;
      clearTimeout(timer);
      const body = JSON.stringify({ code: text });
      show("saving");
      try {
        const response = await fetch(url, {
          method: "PUT",
          headers: { "Content-Type": "application/json", "Accept": "application/json" },
          body: body,
          // Browsers cap keepalive bodies at 64 KiB; a larger one still goes, unless the
          // page is closing (then this browser's copy is what remains).
          keepalive: Boolean(keepalive) && body.length < 60000,
        });
        let doc = null;
        try { doc = await response.json(); } catch (e) { /* not JSON */ }
        if (!response.ok) {
          show("offline", doc && typeof doc.detail === "string" ? status.dataset.offline + " (" + doc.detail + ")" : null);
          return;
        }
        serverCode = text;
        show("saved", doc && doc.updated_at);
      } catch (error) {
        show("offline");
      }
    }
    function changed(text) {
      typed = true;
      keepLocal(text);
      clearTimeout(timer);
      timer = setTimeout(() => push(getCode()), 1000);
    }
    const flush = () => {
      const text = getCode();
      keepLocal(text);
      if (typed && text !== serverCode) push(text, true);
    };
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") flush(); });
    window.addEventListener("pagehide", flush);

    function tell(message, action, onAction) {
      note.querySelector(".editor-note-text").textContent = message;
      const button = note.querySelector(".editor-note-action");
      button.hidden = !action;
      button.textContent = action || "";
      button.onclick = onAction ? () => { note.hidden = true; onAction(); } : null;
      note.hidden = false;
    }

    async function load() {
      let server = null;
      try {
        const response = await fetch(url, { headers: { "Accept": "application/json" } });
        if (response.ok) server = await response.json();
        else if (response.status !== 404) throw new Error(String(response.status));
      } catch (error) {
        show("offline");
        return;
      }
      const current = getCode();
      if (!server || typeof server.code !== "string") {
        // Nothing on the server yet: what this browser kept goes up.
        if (current !== starter) push(current);
        return;
      }
      serverCode = server.code;
      if (server.code === current) { show("saved", server.updated_at); return; }
      if (typed) { push(getCode()); return; }  // typed while we asked: that is the newest
      const serverAt = Date.parse(server.updated_at) || 0;
      if (serverAt > localAt()) {
        setCode(server.code);
        keepLocal(server.code, serverAt);
        form.querySelector(".draft-note").hidden = true;
        show("saved", server.updated_at);
        const message = status.dataset.fromServer.replace("{time}", clock(server.updated_at));
        if (current === starter) tell(message);
        else tell(message, status.dataset.keepLocal, () => { setCode(current); changed(current); });
      } else {
        push(current);
      }
    }
    return { changed, keepLocal, push, load, tell, localText };
  }

  function setupProblem(page) {
    const id = page.dataset.problem;
    const form = page.querySelector("form.submission");
    const textarea = form.querySelector("textarea");
    const resultBox = page.querySelector("section.result");
    const resetButton = form.querySelector("button.reset");
    const starter = textarea.dataset.starter;
    const pageText = textarea.value;  // the starter, or code a form post sent back
    const draft = store.get(DRAFT(id));
    if (draft !== null && draft !== textarea.value && textarea.value === starter) {
      textarea.value = draft;
      form.querySelector(".draft-note").hidden = false;
    }
    let editor = null;
    let applying = false;  // our own setValue, not the candidate typing
    const getCode = () => (editor ? editor.getValue() : textarea.value);
    const setCode = (text) => {
      applying = true;
      try { if (editor) editor.setValue(text); else textarea.value = text; } finally { applying = false; }
    };
    const drafts = setupDrafts(form, id, starter, getCode, setCode);
    const onChange = (text) => { if (!applying) drafts.changed(text); };
    const send = (mode) => submit(mode);
    if (window.ShousiEditor) {
      editor = keyboardEditor(window.ShousiEditor.fromTextArea(textarea, {
        onRun: () => send("run"), onSubmit: () => send("submit"), onChange: onChange,
        lineWrapping: window.matchMedia(NARROW).matches,
      }));
    } else {
      textarea.addEventListener("input", () => onChange(textarea.value));
    }
    // A phone shows no horizontal scrollbar: long lines wrap there.
    const tabs = setupProblemTabs(page, (narrow) => {
      if (editor && editor.setLineWrapping) editor.setLineWrapping(narrow);
    });
    // Code a form post sent back is what the candidate just wrote: it stays.
    if (pageText === starter) drafts.load();
    resetButton.hidden = false;
    resetButton.addEventListener("click", () => {
      if (!window.confirm(resetButton.dataset.confirm)) return;
      setCode(starter);
      drafts.changed(starter);
    });

    const editorialBox = page.querySelector("section.editorial[data-url]");
    const editorial = editorialBox ? setupEditorial(editorialBox, id) : null;
    const attempts = window.ShousiHistory
      ? window.ShousiHistory.setup(page, {
        starter: starter, getCode: getCode,
        setCode: (text) => { setCode(text); drafts.changed(text); if (tabs) tabs.show("code"); },
        saveNow: (text) => { drafts.keepLocal(text); return drafts.push(text); },
        tell: drafts.tell,
      })
      : null;

    // Opened from a mock interview (/problems/ID?mock=N): the attempts count towards it.
    const mock = Number(new URLSearchParams(location.search).get("mock")) || null;
    let busy = false;
    async function submit(mode) {
      if (busy) return;
      busy = true;
      const buttons = form.querySelectorAll("button[type=submit]");
      buttons.forEach((b) => { b.disabled = true; });
      const code = getCode();
      // Ctrl-Enter from the editor keeps the caret there (where it stays visible).
      const typing = Boolean(editor && editor.view.hasFocus);
      drafts.keepLocal(code);
      if (attempts) attempts.sent(code);
      resultBox.innerHTML = '<div class="verdict running" data-verdict="running"></div>';
      resultBox.firstChild.textContent = resultBox.dataset.running;
      if (tabs) tabs.show("result");
      revealResult(page, false);
      // The stored attempt shows up as "grading…" while the grader works.
      const early = attempts ? setTimeout(() => attempts.refresh(), 400) : null;
      try {
        // The JSON API keeps every attempt (history, progress, review); the result is then
        // drawn by the server from what it kept, exactly as the form post draws it.
        // A key of its own: a proxy that resends this after a replica died mid-request
        // gets the same submission back, never a second one.
        const key = Array.from(crypto.getRandomValues(new Uint8Array(16)),
          (b) => b.toString(16).padStart(2, "0")).join("");
        const response = await fetch("/api/problems/" + encodeURIComponent(id) + "/submissions", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Idempotency-Key": key,
          },
          body: JSON.stringify(mock ? { code: code, mode: mode, mock: mock } : { code: code, mode: mode }),
        });
        let doc = null;
        try { doc = await response.json(); } catch (e) { /* not JSON */ }
        if (!response.ok || !doc || !doc.verdict) {
          throw new Error(doc && typeof doc.detail === "string" ? doc.detail : resultBox.dataset.failed);
        }
        const shown = await fetch(
          "/problems/" + encodeURIComponent(id) + "/history/" + doc.submission_id + "/result",
          { headers: { "Accept": "text/html" } });
        if (!shown.ok) throw new Error(resultBox.dataset.failed);
        resultBox.innerHTML = await shown.text();
        if (doc.verdict === "accepted" && doc.mode === "submit") {
          store.set(SOLVED(id), "1");
          if (editorial) editorial.unlock();
        }
      } catch (error) {
        resultBox.innerHTML = '<div class="verdict rejected" data-verdict="error"></div>';
        resultBox.firstChild.textContent = error.message || resultBox.dataset.failed;
      } finally {
        clearTimeout(early);
        if (attempts) attempts.refresh();
        busy = false;
        buttons.forEach((b) => { b.disabled = false; });
        markScrollers(resultBox);
        revealResult(page, !(typing && form.offsetParent !== null));
      }
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const mode = event.submitter && event.submitter.value === "run" ? "run" : "submit";
      submit(mode);
    });
    setupCustom(page, id, getCode, (code) => drafts.keepLocal(code));
    showLastResult();

    // The last result survives a reload: the newest graded attempt, drawn by the server
    // as it was shown then, unless a form post's result is already there.
    async function showLastResult() {
      const hasResult = () => resultBox.querySelector("[data-verdict]") !== null;
      if (hasResult()) return;
      try {
        const listed = await fetch(
          "/api/submissions?limit=1&problem=" + encodeURIComponent(id),
          { headers: { "Accept": "application/json" } });
        if (!listed.ok) return;
        const rows = await listed.json();
        if (!rows.length || rows[0].status !== "done" || busy || hasResult()) return;
        const shown = await fetch(
          "/problems/" + encodeURIComponent(id) + "/history/" + rows[0].id + "/result",
          { headers: { "Accept": "text/html" } });
        if (!shown.ok || busy || hasResult()) return;
        resultBox.innerHTML = await shown.text();
        const note = el("p", "result-restored muted", resultBox.dataset.restored);
        resultBox.insertBefore(note, resultBox.firstChild);
        markScrollers(resultBox);
      } catch (error) { /* offline: nothing to restore */ }
    }
  }

  // --- Layout: the problem page's tabs on a narrow screen, the verdict brought into view. ---
  const NARROW = "(max-width: 1000px)";  // where static/app.css puts the page in one column

  // Statement · Code · Result as an ARIA tablist while the screen is narrow; on a wide one
  // (or without JavaScript) the three are all on the page. Returns { show(name) }.
  function setupProblemTabs(page, onNarrow) {
    const list = page.querySelector(".problem-tabs");
    if (!list) return null;
    const tabs = Array.from(list.querySelectorAll("[role=tab]"));
    const paneOf = (tab) => document.getElementById(tab.getAttribute("aria-controls"));
    const query = window.matchMedia(NARROW);

    function select(tab, focus) {
      tabs.forEach((other) => {
        other.setAttribute("aria-selected", String(other === tab));
        other.tabIndex = other === tab ? 0 : -1;
      });
      page.dataset.tab = paneOf(tab).dataset.pane;
      // A pane that was hidden had no width: only now can its boxes be found overflowing.
      markScrollers(paneOf(tab));
      focusOverflowing();
      if (focus) tab.focus();
      if (!query.matches) return;
      // Scrolled down a long statement: the new pane starts just under the tabs.
      const top = paneOf(tab).getBoundingClientRect().top;
      const bar = list.getBoundingClientRect().bottom;
      if (top < bar) window.scrollBy(0, top - bar);
    }
    tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => select(tab, false));
      tab.addEventListener("keydown", (event) => {
        const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
        if (to === undefined) return;
        event.preventDefault();
        select(tabs[(to + tabs.length) % tabs.length], true);
      });
    });

    function apply() {
      const narrow = query.matches;
      list.hidden = !narrow;
      page.classList.toggle("tabbed", narrow);
      tabs.forEach((tab) => {
        const pane = paneOf(tab);
        if (narrow) {
          pane.setAttribute("role", "tabpanel");
          pane.setAttribute("aria-labelledby", tab.id);
        } else {
          pane.removeAttribute("role");
          pane.removeAttribute("aria-labelledby");
        }
      });
      onNarrow(narrow);
    }
    query.addEventListener("change", apply);
    select(tabs.find((tab) => tab.getAttribute("aria-selected") === "true") || tabs[0], false);
    apply();
    return {
      show(name) {
        const tab = tabs.find((t) => paneOf(t).dataset.pane === name);
        if (tab && page.dataset.tab !== name) select(tab, false);
      },
    };
  }

  // After Run or Submit: bring the result's heading to the top if the verdict is not already
  // in sight, and focus the heading when asked, so that a screen reader says where the
  // candidate now is. On a wide screen the work pane scrolls on its own (it is sticky
  // beside the statement): only it moves, the statement stays where it was read.
  function revealResult(page, focus) {
    const heading = page.querySelector("#result-heading");
    if (!heading || heading.offsetParent === null) return;
    const verdict = page.querySelector("section.result [data-verdict]") || heading;
    const pane = heading.closest(".work-pane");
    const own = pane && pane.scrollHeight > pane.clientHeight + 1
      && getComputedStyle(pane).overflowY !== "visible";
    const bar = page.querySelector(".problem-tabs:not([hidden])");
    const top = own ? pane.getBoundingClientRect().top : (bar ? bar.getBoundingClientRect().bottom : 0);
    const bottom = Math.min(window.innerHeight, own ? pane.getBoundingClientRect().bottom : Infinity);
    const box = verdict.getBoundingClientRect();
    if (focus) heading.focus({ preventScroll: true });
    // Some room below it: a line that appears above (the draft's status) must not push it out.
    if (box.top >= top && box.bottom <= bottom - 80) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const by = heading.getBoundingClientRect().top - top - 8;
    (own ? pane : window).scrollBy({ top: by, behavior: still ? "auto" : "smooth" });
  }

  // A box that scrolls sideways (a wide formula, code block or table) must be reachable
  // from the keyboard: it is made focusable while it overflows, and only then.
  function markScrollers(root) {
    root.querySelectorAll(".math.block, pre, .table-scroll, figure.heatmap").forEach((box) => {
      const wide = box.scrollWidth > box.clientWidth;
      if (wide && !box.hasAttribute("tabindex")) {
        box.tabIndex = 0;
        box.dataset.scrollFocus = "";
      } else if (!wide && box.dataset.scrollFocus !== undefined) {
        box.removeAttribute("tabindex");
        delete box.dataset.scrollFocus;
      }
    });
  }

  // --- Editorial and solution: fetched only once solved, or revealed on request. ---
  function setupEditorial(box, id) {
    const locked = box.querySelector(".editorial-locked");
    const body = box.querySelector(".editorial-body");
    const solution = box.querySelector(".solution");
    const code = solution.querySelector("textarea");
    const copy = solution.querySelector("button.copy-solution");
    const lang = document.documentElement.lang.startsWith("zh") ? "zh" : "en";
    let loaded = false;
    async function unlock() {
      if (loaded) return;
      loaded = true;
      try {
        const response = await fetch(box.dataset.url, { headers: { "Accept": "application/json" } });
        if (!response.ok) throw new Error(String(response.status));
        const doc = await response.json();
        body.innerHTML = doc.html[lang];  // rendered by the server from the problem's own files
        renderMath(body);
        code.value = doc.solution;
        locked.hidden = true;
        body.hidden = false;
        solution.hidden = false;
        markScrollers(body);
        focusOverflowing();
        if (window.ShousiEditor) {
          keyboardEditor(window.ShousiEditor.fromTextArea(code, {
            readOnly: true, lineWrapping: window.matchMedia(NARROW).matches,
          }));
        }
      } catch (error) {
        loaded = false;
      }
    }
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(code.value);
      } catch (e) {
        // No clipboard API outside a secure context: copy through a selection instead.
        const scratch = document.createElement("textarea");
        scratch.value = code.value;
        document.body.appendChild(scratch);
        scratch.select();
        document.execCommand("copy");
        scratch.remove();
      }
      const label = copy.textContent;
      copy.textContent = copy.dataset.copied;
      setTimeout(() => { copy.textContent = label; }, 1500);
    });
    box.querySelector("button.show-solution").addEventListener("click", (event) => {
      if (!window.confirm(event.target.dataset.confirm)) return;
      store.set(REVEALED(id), "1");
      unlock();
    });
    box.hidden = false;
    if (store.get(SOLVED(id)) || store.get(REVEALED(id))) unlock();
    return { unlock };
  }

  // --- Custom input: the candidate's own inputs, their output beside the reference's. ---
  // Everything from the server or the user is put in the page with textContent only.

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function formatNumber(x) {
    if (typeof x === "boolean") return x ? "True" : "False";
    if (typeof x !== "number") return String(x);  // "NaN", "Infinity" arrive as strings
    if (Number.isInteger(x) && Math.abs(x) < 1e6) return String(x);
    const a = Math.abs(x);
    if (a !== 0 && (a < 1e-3 || a >= 1e5)) return x.toExponential(3);
    return String(Number(x.toFixed(4)));
  }

  function depthOf(value) {
    let depth = 0;
    while (Array.isArray(value)) { depth += 1; value = value[0]; }
    return depth;
  }

  function matrixText(rows) {
    const cells = rows.map((row) => (Array.isArray(row) ? row : [row]).map(formatNumber));
    const width = Math.max(1, ...cells.flat().map((c) => c.length));
    return cells.map((row) => row.map((c) => c.padStart(width)).join("  ")).join("\n");
  }

  // 0-D and 1-D as one line, 2-D as a matrix, more as one labelled matrix per leading index.
  function arrayText(value) {
    const depth = depthOf(value);
    if (depth === 0) return formatNumber(value);
    if (depth === 1) return matrixText([value]);
    if (depth === 2) return matrixText(value);
    const parts = [];
    const walk = (node, index) => {
      if (index.length === depth - 2) {
        parts.push("[" + index.join(", ") + ", :, :]\n" + matrixText(node));
        return;
      }
      node.forEach((child, i) => walk(child, index.concat([i])));
    };
    walk(value, []);
    return parts.join("\n\n");
  }

  function shapeText(shape) {
    if (!Array.isArray(shape)) return "";
    return "(" + shape.join(", ") + (shape.length === 1 ? ",)" : ")");
  }

  function outputSide(title, labels, values, shape) {
    const side = el("div", "custom-side");
    side.appendChild(el("div", "custom-side-title", title));
    if (shape) side.appendChild(el("div", "custom-shape", labels.shape + " " + shapeText(shape)));
    const shown = values === undefined || values === null ? labels.not_shown : arrayText(values);
    const box = el("pre", "custom-values", shown);
    box.tabIndex = 0;
    side.appendChild(box);
    return side;
  }

  // Heatmaps drawn like the server's (app/web/heat.py): matrices up to 8 x 8 print each value
  // in its cell; colours are a class (pos/neg) and an opacity (--a) the theme turns into a
  // hue; hatched NaN/inf; a boolean mask is allowed/blocked. Each cell's value and position
  // is in its title and data-v, for the readout (see showHeatCell).
  const HEAT_VALUE_SIDE = 8;
  function heatNumber(value) {
    if (typeof value === "boolean") return value ? 1 : 0;
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  }

  function heatScale(...matrices) {
    let largest = 0;
    matrices.forEach((m) => m.forEach((row) => row.forEach((v) => {
      const n = heatNumber(v);
      if (n !== null) largest = Math.max(largest, Math.abs(n));
    })));
    return largest || 1;
  }

  function heatCellText(value) {
    const n = heatNumber(value);
    if (n === null) return { Infinity: "+∞", "-Infinity": "−∞" }[String(value)] || String(value);
    if (n === 0) return "0";
    if (Math.abs(n) >= 1e4 || Math.abs(n) < 1e-3) {
      const [mantissa, exponent] = n.toExponential(1).split("e");
      return mantissa + "e" + Number(exponent);
    }
    return String(Number(n.toPrecision(3)));
  }

  // mode: "values", "mask" (True = allowed) or "mask_diff" (where two masks differ).
  function heatGrid(caption, matrix, scale, rowStart, colStart, mode, labels) {
    mode = mode || "values";
    labels = labels || {};
    const printed = matrix.length > 0 && matrix.length <= HEAT_VALUE_SIDE &&
      matrix.every((row) => row.length <= HEAT_VALUE_SIDE);
    const figure = el("figure", "heatmap");
    figure.appendChild(el("figcaption", "", caption));
    const table = el("table", printed ? "heat values" : "heat");
    table.setAttribute("role", "grid");
    table.setAttribute("aria-label", caption);
    const head = el("tr", "");
    const corner = el("th", "");
    corner.scope = "col";
    corner.appendChild(el("span", "visually-hidden", labels.heat_corner || ""));
    head.appendChild(corner);
    (matrix[0] || []).forEach((_, j) => head.appendChild(el("th", "", String(colStart + j))));
    table.appendChild(head);
    matrix.forEach((row, i) => {
      const tr = el("tr", "");
      tr.appendChild(el("th", "", String(rowStart + i)));
      row.forEach((value, j) => {
        const td = el("td", "");
        const n = heatNumber(value);
        let text = heatCellText(value);
        let said = formatNumber(value);
        if (mode === "mask" && n !== null) {
          td.className = n ? "allowed" : "blocked";
          text = n ? "✓" : "✗";
          said = (n ? labels.heat_allowed : labels.heat_blocked) + (n ? " (True)" : " (False)");
        } else if (mode === "mask_diff" && n !== null) {
          td.className = n ? "differs" : "same";
          text = n ? "≠" : "=";
          said = n ? labels.heat_differs : labels.heat_same;
        } else if (n === null) {
          td.className = "nonfinite";
        } else {
          td.className = n >= 0 ? "pos" : "neg";
          const alpha = Math.min(Math.abs(n) / scale, 1) * 0.66 + 0.04;
          td.style.setProperty("--a", alpha.toFixed(2));
        }
        const where = `${caption} [${rowStart + i}, ${colStart + j}] = ${said}`;
        td.title = where;
        td.dataset.v = where;
        td.tabIndex = i === 0 && j === 0 ? 0 : -1;
        if (printed) td.textContent = text;
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    figure.appendChild(table);
    return figure;
  }

  // The legend under a group of heatmaps: kind is "values", "mask" or "weights".
  function heatLegend(kind, labels) {
    const items = {
      mask: [["allowed", "✓", labels.heat_allowed], ["blocked", "✗", labels.heat_blocked],
        ["differs", "≠", labels.heat_differs]],
      weights: [["weak", "", labels.heat_weight_low], ["pos", "", labels.heat_weight_high]],
      values: [["pos", "", labels.heat_positive], ["neg", "", labels.heat_negative],
        ["nonfinite", "", labels.heat_nonfinite], [null, "", labels.heat_darker]],
    }[kind];
    const list = el("ul", "heat-legend");
    list.setAttribute("aria-label", labels.heat_legend || "");
    items.forEach(([swatch, mark, text]) => {
      if (!text) return;
      const item = el("li", "");
      if (swatch) {
        const box = el("span", "heat-swatch " + swatch, mark);
        box.setAttribute("aria-hidden", "true");
        item.appendChild(box);
      }
      item.appendChild(document.createTextNode(text));
      list.appendChild(item);
    });
    return list;
  }

  function heatGroup(className, grids, hover, legend) {
    const group = el("div", className);
    group.dataset.heatGroup = "";
    const row = el("div", "heat-row");
    grids.forEach((grid) => row.appendChild(grid));
    group.appendChild(row);
    if (legend) group.appendChild(legend);
    group.appendChild(el("div", "heat-readout", hover));
    return group;
  }

  function attentionView(view, labels) {
    const section = el("section", "attention-view");
    section.appendChild(el("h3", "", labels.attention_title.replace("{case}", view.case)));
    if (!view.captured) section.appendChild(el("p", "muted", labels.attention_missing));
    const grids = [];
    view.matrices.forEach((m) => {
      const index = m.index.join(", ");
      grids.push(heatGrid(labels.attention_reference.replace("{index}", index), m.reference, 1, 0, 0,
        "values", labels));
      if (m.yours) {
        grids.push(heatGrid(labels.attention_yours.replace("{index}", index), m.yours, 1, 0, 0,
          "values", labels));
      }
    });
    section.appendChild(heatGroup("pairs", grids, labels.attention_hover,
      heatLegend("weights", labels)));
    return section;
  }

  function renderCustom(out, doc, labels) {
    const nodes = [];
    const verdict = el("div", "verdict " + doc.verdict);
    verdict.dataset.verdict = doc.verdict;
    verdict.dataset.mode = "custom";
    verdict.appendChild(el("strong", "", (labels.verdicts || {})[doc.verdict] || doc.verdict));
    verdict.appendChild(el("span", "mode", labels.mode));
    verdict.appendChild(el("span", "summary", doc.duration_ms + " ms"));
    nodes.push(verdict);
    if (doc.message) nodes.push(el("p", "result-message", doc.message));
    const row = (doc.cases || [])[0];
    if (row) {
      if (row.message && row.message !== doc.message) {
        nodes.push(el("p", "result-message", row.message));
      }
      if (row.traceback) {
        const tb = el("div", "traceback");
        tb.appendChild(el("div", "tb-title", labels.traceback));
        const trace = el("pre", "", row.traceback);
        trace.tabIndex = 0;
        tb.appendChild(trace);
        nodes.push(tb);
      }
      Object.entries(row.checks || {}).forEach(([name, check]) => {
        if (!check || typeof check !== "object" || name === "gradients") return;
        const block = el("section", "custom-output");
        block.dataset.output = name;
        const head = el("h3", "");
        head.appendChild(el("code", "", name));
        block.appendChild(head);
        const compare = el("div", "custom-compare");
        compare.appendChild(outputSide(labels.yours, labels, check.got, check.got_shape));
        compare.appendChild(
          outputSide(labels.reference, labels, check.expected, check.expected_shape));
        block.appendChild(compare);
        const hm = check.heatmap;
        if (hm) {
          const shared = heatScale(hm.expected, hm.got);
          const kind = hm.kind === "mask" ? "mask" : "values";
          const at = [hm.row_start, hm.col_start];
          block.appendChild(heatGroup("heatmaps", [
            heatGrid(labels.heat_expected, hm.expected, shared, ...at, kind, labels),
            heatGrid(labels.heat_got, hm.got, shared, ...at, kind, labels),
            kind === "mask"
              ? heatGrid(labels.heat_mask_diff, hm.diff, 1, ...at, "mask_diff", labels)
              : heatGrid(labels.heat_diff, hm.diff, heatScale(hm.diff), ...at, "values", labels),
          ], labels.heat_hover, heatLegend(kind, labels)));
        }
        nodes.push(block);
      });
    }
    if (doc.attention) nodes.push(attentionView(doc.attention, labels));
    if (doc.stdout) {
      const printed = el("details", "stdout");
      printed.appendChild(el("summary", "", labels.printed));
      const output = el("pre", "", doc.stdout);
      output.tabIndex = 0;
      printed.appendChild(output);
      nodes.push(printed);
    }
    out.replaceChildren(...nodes);
  }

  function setupCustom(page, id, getCode, keepDraft) {
    const box = page.querySelector("details.custom-input");
    if (!box) return;
    const input = box.querySelector("textarea.custom-text");
    const runButton = box.querySelector("button.custom-run");
    const resetButton = box.querySelector("button.custom-reset");
    const out = box.querySelector(".custom-result");
    let labels = {};
    try { labels = JSON.parse(box.dataset.labels || "{}"); } catch (e) { /* keep defaults */ }
    const template = input.dataset.template;
    const saved = store.get(CUSTOM(id));
    if (saved !== null && saved !== input.value) {
      input.value = saved;
      box.open = true;  // what the user typed last time is in view
    }
    box.hidden = false;
    const save = () => {
      if (input.value === template) store.remove(CUSTOM(id)); else store.set(CUSTOM(id), input.value);
    };
    let saveTimer = null;
    input.addEventListener("input", () => { clearTimeout(saveTimer); saveTimer = setTimeout(save, 300); });
    window.addEventListener("beforeunload", save);
    resetButton.addEventListener("click", () => {
      if (input.value !== template && !window.confirm(resetButton.dataset.confirm)) return;
      input.value = template;
      save();
    });

    const showError = (message) => {
      const line = el("div", "verdict rejected", message);
      line.dataset.verdict = "error";
      out.replaceChildren(line);
    };
    let busy = false;
    runButton.addEventListener("click", async () => {
      if (busy) return;
      let parsed;
      try {
        parsed = JSON.parse(input.value);
      } catch (error) {
        showError(labels.invalid_json + " " + error.message);
        return;
      }
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
        showError(labels.not_object);
        return;
      }
      busy = true;
      runButton.disabled = true;
      save();
      const code = getCode();
      keepDraft(code);
      const running = el("div", "verdict running", labels.running);
      running.dataset.verdict = "running";
      out.replaceChildren(running);
      try {
        const response = await fetch(box.dataset.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept": "application/json" },
          body: JSON.stringify(Object.assign({}, parsed, { code: code })),
        });
        let doc = null;
        try { doc = await response.json(); } catch (e) { /* not JSON */ }
        if (!response.ok || !doc || !doc.verdict) {
          const detail = doc && typeof doc.detail === "string" ? doc.detail : labels.failed;
          showError(detail);
          return;
        }
        renderCustom(out, doc, labels);
        markScrollers(out);
      } catch (error) {
        showError(labels.failed);
      } finally {
        busy = false;
        runButton.disabled = false;
      }
    });
  }

  // Heatmap cells carry their value; hovering one shows it under its group (results arrive
  // as HTML fragments, so one delegated listener serves every panel).
  document.addEventListener("mouseover", (event) => {
    const cell = event.target.closest && event.target.closest("table.heat td[data-v]");
    const readout = cell && cell.closest("[data-heat-group]")?.querySelector(".heat-readout");
    if (readout) readout.textContent = cell.dataset.v;
  });
  setupHeatmapCells();

  // Interview Q&A: ratings go to the learner's review queue on the server; self-grades
  // from before it (kept in this browser) still mark the list; the practice-mode switch
  // stays in this browser.
  const QA = (id) => "shousi:qa:" + id;
  const QA_READING = "shousi:qa-reading";
  function qaRecord(id) {
    try { return JSON.parse(store.get(QA(id)) || "null"); } catch (e) { return null; }
  }
  const fold = (text) => text.normalize("NFKC").toLowerCase();

  function setupQaIndex(root) {
    const form = root.querySelector("form.qa-filter");
    const query = form.querySelector("input[name=q]");
    const tag = form.querySelector("select[name=tag]");
    const difficulty = form.querySelector("select[name=difficulty]");
    const count = root.querySelector(".qa-count");
    const none = root.querySelector(".qa-none");
    const items = Array.from(root.querySelectorAll("li.qa-item"));
    items.forEach((item) => {
      const record = qaRecord(item.dataset.id);
      const mark = item.querySelector(".qa-mark");
      if (!record || mark.dataset.rated) return;
      mark.textContent = record.last === "knew" ? "✓" : "✗";
      mark.className = "qa-mark " + record.last;
    });
    // The same rule as the server's ?q=: every word must occur somewhere, as a substring,
    // so Chinese words match without spaces around them.
    const apply = () => {
      const words = fold(query.value).split(/\s+/).filter(Boolean);
      let shown = 0;
      items.forEach((item) => {
        const ok = (!tag.value || item.dataset.tags.split(" ").includes(tag.value))
          && (!difficulty.value || item.dataset.difficulty === difficulty.value)
          && words.every((word) => item.dataset.search.includes(word));
        item.hidden = !ok;
        if (ok) shown += 1;
      });
      root.querySelectorAll("section.qa-topic").forEach((section) => {
        const visible = section.querySelectorAll("li.qa-item:not([hidden])").length;
        section.hidden = visible === 0;
        section.querySelector(".qa-topic-count").textContent = String(visible);
      });
      count.textContent = count.dataset.template
        .replace("{shown}", String(shown)).replace("{total}", String(items.length));
      none.hidden = shown !== 0;
      const params = new URLSearchParams();
      if (query.value) params.set("q", query.value);
      if (tag.value) params.set("tag", tag.value);
      if (difficulty.value) params.set("difficulty", difficulty.value);
      const search = params.toString();
      history.replaceState(null, "", search ? "?" + search : location.pathname);
    };
    query.addEventListener("input", apply);
    tag.addEventListener("change", apply);
    difficulty.addEventListener("change", apply);
    form.addEventListener("submit", (event) => { event.preventDefault(); apply(); });
    const options = root.querySelector(".qa-options");
    const toggle = options.querySelector("input.qa-practice-toggle");
    toggle.checked = store.get(QA_READING) !== "1";
    toggle.addEventListener("change", () => {
      if (toggle.checked) store.remove(QA_READING); else store.set(QA_READING, "1");
    });
    options.hidden = false;
  }

  function setupQaCard(card) {
    const id = card.dataset.card;
    const answer = card.querySelector("details.qa-answer");
    const reveal = answer.querySelector("summary.qa-reveal");
    const grade = answer.querySelector(".qa-grade");
    const last = grade.querySelector(".qa-last");
    const label = () => { reveal.textContent = answer.open ? reveal.dataset.hide : reveal.dataset.show; };
    answer.addEventListener("toggle", () => { label(); if (answer.open) renderMath(answer); });
    if (store.get(QA_READING) === "1") answer.open = true;
    label();
    const buttons = grade.querySelectorAll("button[data-rating]");
    buttons.forEach((button) => {
      button.addEventListener("click", async () => {
        buttons.forEach((b) => { b.disabled = true; });
        try {
          const response = await fetch("/api/review/qa:" + id, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Accept": "application/json" },
            body: JSON.stringify({ rating: button.dataset.rating }),
          });
          let body = null;
          try { body = await response.json(); } catch (e) { /* not JSON */ }
          if (!response.ok) throw new Error((body && body.detail) || grade.dataset.failed);
          const lang = document.body.dataset.lang === "zh" ? "zh" : "en";
          last.textContent = grade.dataset.rated.replace("{when}", body.interval[lang]);
          buttons.forEach((b) => { b.setAttribute("aria-pressed", String(b === button)); });
        } catch (error) {
          last.textContent = error.message || grade.dataset.failed;
        } finally {
          buttons.forEach((b) => { b.disabled = false; });
        }
      });
    });
    grade.hidden = false;
  }

  // The problem list's difficulty filter, applied as it changes (the form works without it).
  function setupProblemIndex(root) {
    const select = root.querySelector("select[name=difficulty]");
    const count = root.querySelector(".problem-count");
    const rows = Array.from(root.querySelectorAll("tr[data-difficulty]"));
    root.querySelector("form.problem-filter button[type=submit]").hidden = true;
    select.addEventListener("change", () => {
      let shown = 0;
      rows.forEach((row) => {
        row.hidden = Boolean(select.value) && row.dataset.difficulty !== select.value;
        if (!row.hidden) shown += 1;
      });
      root.querySelectorAll("section.problem-topic").forEach((section) => {
        section.hidden = !section.querySelector("tr[data-difficulty]:not([hidden])");
      });
      count.textContent = count.dataset.template
        .replace("{shown}", String(shown)).replace("{total}", String(rows.length));
      history.replaceState(null, "", select.value ? "?difficulty=" + select.value : location.pathname);
    });
  }

  // Widths change when the window does and when a <details> opens (hints, answers, the
  // review card; their own toggle handlers render the formulas first, hence the delay).
  let overflowTimer = null;
  const refocusOverflowing = (delay) => () => {
    clearTimeout(overflowTimer);
    overflowTimer = setTimeout(focusOverflowing, delay);
  };
  window.addEventListener("resize", refocusOverflowing(200));
  document.addEventListener("toggle", refocusOverflowing(0), true);
  // KaTeX's fonts arrive after the first layout, and widen the formulas.
  if (document.fonts) document.fonts.addEventListener("loadingdone", refocusOverflowing(0));
  window.addEventListener("load", refocusOverflowing(0));

  // A tap (click) or keyboard focus on a heatmap cell shows its value and position in the
  // group's readout and keeps the cell marked, so it works without a mouse; the arrow keys
  // (and Home/End) move between the cells of one table, which is one Tab stop.
  function setupHeatmapCells() {
    const cellOf = (target) => target.closest && target.closest("table.heat td[data-v]");
    const pick = (cell) => {
      const group = cell.closest("[data-heat-group]");
      const readout = group && group.querySelector(".heat-readout");
      if (!readout) return;
      readout.textContent = cell.dataset.v;
      group.querySelectorAll("table.heat td.picked").forEach((c) => c.classList.remove("picked"));
      cell.classList.add("picked");
      cell.closest("table").querySelectorAll("td[tabindex]").forEach((c) => { c.tabIndex = -1; });
      cell.tabIndex = 0;
    };
    document.addEventListener("click", (event) => {
      const cell = cellOf(event.target);
      if (cell) pick(cell);
    });
    document.addEventListener("focusin", (event) => {
      const cell = cellOf(event.target);
      if (cell) pick(cell);
    });
    document.addEventListener("keydown", (event) => {
      const cell = cellOf(event.target);
      if (!cell) return;
      const table = cell.closest("table");
      const row = cell.parentElement;
      const width = row.cells.length - 1;
      const moves = {
        ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0],
        Home: [0, 1 - cell.cellIndex], End: [0, width - cell.cellIndex],
      };
      const move = moves[event.key];
      if (!move) return;
      const target = table.rows[row.rowIndex + move[0]];
      const next = target && target.cells[cell.cellIndex + move[1]];
      event.preventDefault();  // the arrows move between cells, not the page
      if (next && next.tagName === "TD") next.focus();
    });
  }

  // Theme: dark follows the system until the toggle chooses. The choice is kept in this
  // browser and in the shousi_theme cookie, which the server renders as <html data-theme>
  // so the next page's first paint is already right. Choosing what the system says forgets
  // the choice, so the page follows the system again.
  const THEME = "shousi:theme";
  const systemDark = () => !!window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches;
  function keepTheme(theme) {
    const year = 365 * 24 * 3600;
    if (theme) store.set(THEME, theme); else store.remove(THEME);
    document.cookie = "shousi_theme=" + (theme || "") + "; path=/; SameSite=Lax; max-age=" +
      (theme ? year : 0);
  }
  function setupTheme(button) {
    const root = document.documentElement;
    const kept = store.get(THEME);
    if (!root.dataset.theme && (kept === "light" || kept === "dark")) {
      root.dataset.theme = kept;  // the cookie went (cleared, expired); this browser remembers
      keepTheme(kept);
    }
    const dark = () => (root.dataset.theme ? root.dataset.theme === "dark" : systemDark());
    const show = () => button.setAttribute("aria-pressed", String(dark()));
    button.addEventListener("click", () => {
      const next = dark() ? "light" : "dark";
      if ((next === "dark") === systemDark()) {
        delete root.dataset.theme;
        keepTheme(null);
      } else {
        root.dataset.theme = next;
        keepTheme(next);
      }
      show();
    });
    if (window.matchMedia) matchMedia("(prefers-color-scheme: dark)").addEventListener("change", show);
    show();
    button.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", () => {
    const toggle = document.querySelector(".theme-toggle");
    if (toggle) setupTheme(toggle);
  });

  document.addEventListener("DOMContentLoaded", () => {
    renderMath(document.body);
    markScrollers(document.body);
    focusOverflowing();
    // Widths change with the window, and a box has none while its <details> is closed.
    // KaTeX's fonts arrive after this: a formula may only then be wider than its box.
    let resized = null;
    const remark = () => {
      clearTimeout(resized);
      resized = setTimeout(() => markScrollers(document.body), 150);
    };
    window.addEventListener("resize", remark);
    if (document.fonts) document.fonts.addEventListener("loadingdone", remark);
    document.addEventListener("toggle", (event) => markScrollers(event.target), true);
    markSolved();
    const index = document.querySelector(".problem-index");
    if (index) setupProblemIndex(index);
    const page = document.querySelector(".problem[data-problem]");
    if (page) setupProblem(page);
    const qaIndex = document.querySelector(".qa-index");
    if (qaIndex) setupQaIndex(qaIndex);
    const qaCard = document.querySelector(".qa-card[data-card]");
    if (qaCard) setupQaCard(qaCard);
  });
})();
