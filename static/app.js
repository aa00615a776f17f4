// Progressive enhancement: every page works without this file.
(function () {
  "use strict";
  const DRAFT = (id) => "shousi:draft:" + id;
  const SOLVED = (id) => "shousi:solved:" + id;
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

  function markSolved() {
    document.querySelectorAll("tr[data-problem]").forEach((row) => {
      if (store.get(SOLVED(row.dataset.problem))) row.querySelector(".solved-mark").hidden = false;
    });
  }

  function setupProblem(page) {
    const id = page.dataset.problem;
    const form = page.querySelector("form.submission");
    const textarea = form.querySelector("textarea");
    const resultBox = page.querySelector("section.result");
    const resetButton = form.querySelector("button.reset");
    const starter = textarea.dataset.starter;
    const draft = store.get(DRAFT(id));
    if (draft !== null && draft !== textarea.value && textarea.value === starter) {
      textarea.value = draft;
      form.querySelector(".draft-note").hidden = false;
    }
    let saveTimer = null;
    const saveDraft = (text) => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        if (text === starter) store.remove(DRAFT(id)); else store.set(DRAFT(id), text);
      }, 300);
    };
    let editor = null;
    const send = (mode) => submit(mode);
    if (window.ShousiEditor) {
      editor = window.ShousiEditor.fromTextArea(textarea, {
        onRun: () => send("run"), onSubmit: () => send("submit"), onChange: saveDraft,
      });
    } else {
      textarea.addEventListener("input", () => saveDraft(textarea.value));
    }
    window.addEventListener("beforeunload", () => {
      const text = editor ? editor.getValue() : textarea.value;
      if (text !== starter) store.set(DRAFT(id), text);
    });
    resetButton.hidden = false;
    resetButton.addEventListener("click", () => {
      if (!window.confirm(resetButton.dataset.confirm)) return;
      if (editor) editor.setValue(starter); else textarea.value = starter;
      store.remove(DRAFT(id));
    });

    let busy = false;
    async function submit(mode) {
      if (busy) return;
      busy = true;
      const buttons = form.querySelectorAll("button[type=submit]");
      buttons.forEach((b) => { b.disabled = true; });
      const code = editor ? editor.getValue() : textarea.value;
      store.set(DRAFT(id), code);
      resultBox.innerHTML = '<div class="verdict running" data-verdict="running"></div>';
      resultBox.firstChild.textContent = resultBox.dataset.running;
      try {
        const body = new URLSearchParams({ code: code, mode: mode });
        const response = await fetch(form.action + "?partial=1", {
          method: "POST", body: body, headers: { "Accept": "text/html" },
        });
        if (!(response.headers.get("content-type") || "").includes("text/html")) {
          let detail = resultBox.dataset.failed;
          try { detail = (await response.json()).detail || detail; } catch (e) { /* not JSON */ }
          throw new Error(detail);
        }
        resultBox.innerHTML = await response.text();
        const verdict = resultBox.querySelector("[data-verdict]");
        if (verdict && verdict.dataset.verdict === "accepted" && verdict.dataset.mode === "submit") {
          store.set(SOLVED(id), "1");
        }
      } catch (error) {
        resultBox.innerHTML = '<div class="verdict rejected" data-verdict="error"></div>';
        resultBox.firstChild.textContent = error.message || resultBox.dataset.failed;
      } finally {
        busy = false;
        buttons.forEach((b) => { b.disabled = false; });
      }
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const mode = event.submitter && event.submitter.value === "run" ? "run" : "submit";
      submit(mode);
    });
  }

  // Heatmap cells carry their value; hovering one shows it under its group (results arrive
  // as HTML fragments, so one delegated listener serves every panel).
  document.addEventListener("mouseover", (event) => {
    const cell = event.target.closest && event.target.closest("table.heat td[data-v]");
    const readout = cell && cell.closest("[data-heat-group]")?.querySelector(".heat-readout");
    if (readout) readout.textContent = cell.dataset.v;
  });

  document.addEventListener("DOMContentLoaded", () => {
    renderMath(document.body);
    markSolved();
    const page = document.querySelector(".problem[data-problem]");
    if (page) setupProblem(page);
  });
})();
