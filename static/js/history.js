// The problem page's History tab: past attempts (drawn by the server at
// /problems/ID/history?partial=1), each with its diff against the one before, and
// "Load into editor". Without JavaScript the tab is a link to that page.
(function () {
  "use strict";

  function setup(page, editor) {
    const id = page.dataset.problem;
    const tabs = page.querySelector("nav.pane-tabs");
    const panel = page.querySelector("section.history-panel");
    if (!tabs || !panel) return null;
    const body = panel.querySelector(".history-body");
    const statement = page.querySelector(".statement-body");
    const statementTab = tabs.querySelector("a.tab-statement");
    const historyTab = tabs.querySelector("a.tab-history");
    const count = historyTab.querySelector(".tab-count");
    const known = new Set([editor.starter]);  // code that is kept somewhere already
    let selected = "";
    let poll = null;
    let polls = 0;
    let generation = 0;

    function show(which) {
      const history = which === "history";
      panel.hidden = !history;
      statement.hidden = history;
      (history ? statementTab : historyTab).removeAttribute("aria-current");
      (history ? historyTab : statementTab).setAttribute("aria-current", "page");
      window.history.replaceState(null, "", history ? "#history" : location.pathname + location.search);
      if (history) refresh();
    }

    async function refresh(attempt) {
      if (attempt !== undefined) selected = String(attempt);
      const mine = ++generation;
      const query = "?partial=1" + (selected ? "&attempt=" + encodeURIComponent(selected) : "");
      let html;
      try {
        const response = await fetch(panel.dataset.url + query, { headers: { "Accept": "text/html" } });
        if (response.status === 404 && selected) { selected = ""; return refresh(); }
        if (!response.ok) throw new Error(String(response.status));
        html = await response.text();
      } catch (error) {
        if (mine !== generation) return;
        const line = document.createElement("p");
        line.className = "muted";
        line.textContent = panel.dataset.failed;
        body.replaceChildren(line);
        return;
      }
      if (mine !== generation) return;  // a newer refresh is on its way
      body.innerHTML = html;
      const root = body.querySelector(".history");
      const rows = body.querySelectorAll("li.attempt").length;
      count.textContent = rows ? " (" + rows + ")" : "";
      const load = body.querySelector("button.load-attempt");
      if (load) {
        load.hidden = false;
        load.addEventListener("click", () => loadAttempt(load));
      }
      clearTimeout(poll);
      if (root && root.dataset.pending && polls < 120) {
        polls += 1;
        poll = setTimeout(() => refresh(), 1500);
      } else {
        polls = 0;
      }
    }

    async function codeOf(attempt) {
      const response = await fetch("/api/submissions/" + encodeURIComponent(attempt),
        { headers: { "Accept": "application/json" } });
      if (!response.ok) throw new Error(String(response.status));
      const doc = await response.json();
      known.add(doc.code);
      return doc.code;
    }

    async function loadAttempt(button) {
      const detail = button.closest(".attempt-detail");
      let code;
      try {
        code = await codeOf(detail.dataset.attempt);
        const newest = body.querySelector("li.attempt");
        if (newest) await codeOf(newest.dataset.attempt);
      } catch (error) {
        editor.tell(panel.dataset.failed);
        return;
      }
      const current = editor.getCode();
      if (current === code) { editor.tell(button.dataset.loaded); return; }
      // Typed and never run: ask first. Either way the current text is kept as a draft
      // and one click brings it back.
      if (!known.has(current) && !window.confirm(button.dataset.confirm)) return;
      await editor.saveNow(current);
      editor.setCode(code);
      editor.tell(button.dataset.loaded, button.dataset.undo, () => editor.setCode(current));
    }

    statementTab.addEventListener("click", (event) => { event.preventDefault(); show("statement"); });
    historyTab.addEventListener("click", (event) => { event.preventDefault(); show("history"); });
    body.addEventListener("click", (event) => {
      const link = event.target.closest && event.target.closest("li.attempt a");
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      refresh(link.closest("li.attempt").dataset.attempt);
    });
    if (location.hash === "#history") show("history"); else refresh();

    return {
      refresh: () => refresh(),
      sent: (code) => known.add(code),
    };
  }

  window.ShousiHistory = { setup: setup };
})();
