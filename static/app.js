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
      }));
    } else {
      textarea.addEventListener("input", () => onChange(textarea.value));
    }
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
        setCode: (text) => { setCode(text); drafts.changed(text); },
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
      drafts.keepLocal(code);
      if (attempts) attempts.sent(code);
      resultBox.innerHTML = '<div class="verdict running" data-verdict="running"></div>';
      resultBox.firstChild.textContent = resultBox.dataset.running;
      // The stored attempt shows up as "grading…" while the grader works.
      const early = attempts ? setTimeout(() => attempts.refresh(), 400) : null;
      try {
        // The JSON API keeps every attempt (history, progress, review); the result is then
        // drawn by the server from what it kept, exactly as the form post draws it.
        const response = await fetch("/api/problems/" + encodeURIComponent(id) + "/submissions", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept": "application/json" },
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
      } catch (error) { /* offline: nothing to restore */ }
    }
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
        focusOverflowing();
        if (window.ShousiEditor) keyboardEditor(window.ShousiEditor.fromTextArea(code, { readOnly: true }));
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

  // Heatmaps drawn like the server's (app/web/heat.py): blue positive, red negative, hatched
  // NaN/inf; each cell's value is in its title and data-v for the hover readout.
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

  function heatGrid(caption, matrix, scale, rowStart, colStart) {
    const figure = el("figure", "heatmap");
    figure.appendChild(el("figcaption", "", caption));
    const table = el("table", "heat");
    const head = el("tr", "");
    const corner = el("th", "");  // named after the matrix, for a screen reader only
    corner.appendChild(el("span", "visually-hidden", caption));
    head.appendChild(corner);
    (matrix[0] || []).forEach((_, j) => head.appendChild(el("th", "", String(colStart + j))));
    table.appendChild(head);
    matrix.forEach((row, i) => {
      const tr = el("tr", "");
      tr.appendChild(el("th", "", String(rowStart + i)));
      row.forEach((value, j) => {
        const td = el("td", "");
        const n = heatNumber(value);
        if (n === null) {
          td.className = "nonfinite";
        } else {
          const alpha = (Math.min(Math.abs(n) / scale, 1) * 0.9 + 0.04).toFixed(2);
          td.style.background = n >= 0 ? `rgba(37,99,235,${alpha})` : `rgba(220,38,38,${alpha})`;
        }
        const text = `${caption} [${rowStart + i}, ${colStart + j}] = ${formatNumber(value)}`;
        td.title = text;
        td.dataset.v = text;
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    figure.appendChild(table);
    return figure;
  }

  function heatGroup(className, grids, hover) {
    const group = el("div", className);
    group.dataset.heatGroup = "";
    const row = el("div", "heat-row");
    grids.forEach((grid) => row.appendChild(grid));
    group.appendChild(row);
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
      grids.push(heatGrid(labels.attention_reference.replace("{index}", index), m.reference, 1, 0, 0));
      if (m.yours) {
        grids.push(heatGrid(labels.attention_yours.replace("{index}", index), m.yours, 1, 0, 0));
      }
    });
    section.appendChild(heatGroup("pairs", grids, labels.attention_hover));
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
          block.appendChild(heatGroup("heatmaps", [
            heatGrid(labels.heat_expected, hm.expected, shared, hm.row_start, hm.col_start),
            heatGrid(labels.heat_got, hm.got, shared, hm.row_start, hm.col_start),
            heatGrid(labels.heat_diff, hm.diff, heatScale(hm.diff), hm.row_start, hm.col_start),
          ], labels.heat_hover));
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

  document.addEventListener("DOMContentLoaded", () => {
    renderMath(document.body);
    focusOverflowing();
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
