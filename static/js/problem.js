// The problem page: the editor, drafts, Run/Submit (one post; the server draws the result),
// the custom-input run (the server draws it too), the tabs of a narrow screen, the editorial.
(function () {
  "use strict";
  const { store, renderMath, focusOverflowing, keyboardEditor, markScrollers, NARROW } = window.Shousi;
  const DRAFT = (id) => "shousi:draft:" + id;
  const DRAFT_AT = (id) => "shousi:draft-at:" + id;  // when the draft last changed (ms)
  const SOLVED = (id) => "shousi:solved:" + id;
  const CUSTOM = (id) => "shousi:custom:" + id;
  const REVEALED = (id) => "shousi:revealed:" + id;

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
    const mock = mockOf();
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
        // One post: the server keeps the attempt (history, progress, review), grades it
        // and answers the result panel as it draws it everywhere (templates/_result.html).
        // A key of its own: a proxy that resends this after a replica died mid-request
        // gets the same submission back, never a second one.
        const key = Array.from(crypto.getRandomValues(new Uint8Array(16)),
          (b) => b.toString(16).padStart(2, "0")).join("");
        const body = new FormData(form);
        body.set("code", code);
        body.set("mode", mode);
        if (mock) body.set("mock", String(mock));
        resultBox.innerHTML = await postForHtml(
          "/problems/" + encodeURIComponent(id) + "?partial=1", body, resultBox.dataset.failed,
          { "Idempotency-Key": key });
        if (resultBox.querySelector("[data-verdict=accepted][data-mode=submit]")) {
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

  function setupCustom(page, id, getCode, keepDraft) {
    const box = page.querySelector("details.custom-input");
    if (!box) return;
    const input = box.querySelector("textarea.custom-text");
    const runButton = box.querySelector("button.custom-run");
    const resetButton = box.querySelector("button.custom-reset");
    const out = box.querySelector(".custom-result");
    const mock = mockOf();  // its runs show no attention view, as its attempts do not
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
      busy = true;
      runButton.disabled = true;
      save();
      const code = getCode();
      keepDraft(code);
      const running = el("div", "verdict running", box.dataset.running);
      running.dataset.verdict = "running";
      out.replaceChildren(running);
      // The server checks the input (its JSON, its limits) and draws the result, heatmaps
      // and all, with the same templates as a submission's (templates/_custom_result.html).
      const body = new FormData();
      body.set("csrf_token", box.dataset.csrf);
      body.set("code", code);
      body.set("input", input.value);
      if (mock) body.set("mock", String(mock));
      try {
        out.innerHTML = await postForHtml(box.dataset.url, body, box.dataset.failed);
        markScrollers(out);
      } catch (error) {
        showError(error.message || box.dataset.failed);
      } finally {
        busy = false;
        runButton.disabled = false;
      }
    });
  }

  const mockOf = () => Number(new URLSearchParams(location.search).get("mock")) || null;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // A form post answered with an HTML fragment drawn by the server: the fragment, also when
  // it says why the request was refused (a 422 or a quota's 429 in the page's language);
  // a refusal with no fragment (a JSON detail, or nothing) is thrown as its message.
  // The answer's X-CSRF-Token is the token the page's next post must carry.
  async function postForHtml(url, body, failed, headers) {
    const response = await fetch(url, {
      method: "POST",
      headers: Object.assign({ "Accept": "text/html" }, headers || {}),
      body: body,
    });
    // The session's token for the next post (a guest's first Run opens the session).
    const token = response.headers.get("x-csrf-token");
    if (token) {
      document.querySelectorAll(".problem form.submission input[name=csrf_token]")
        .forEach((input) => { input.value = token; });
      document.querySelectorAll(".problem details.custom-input")
        .forEach((box) => { box.dataset.csrf = token; });
    }
    const type = response.headers.get("content-type") || "";
    if (type.startsWith("text/html")) return response.text();
    let doc = null;
    try { doc = await response.json(); } catch (e) { /* not JSON */ }
    throw new Error(doc && typeof doc.detail === "string" ? doc.detail : failed);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const page = document.querySelector(".problem[data-problem]");
    if (page) setupProblem(page);
  });
})();
