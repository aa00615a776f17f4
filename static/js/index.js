// The problem list: the marks this browser remembers, and the difficulty filter applied as
// it changes (the form works without it).
(function () {
  "use strict";
  const { store } = window.Shousi;
  const SOLVED = (id) => "shousi:solved:" + id;

  function markSolved() {
    document.querySelectorAll("tr[data-problem]").forEach((row) => {
      // The server marks what it kept; this browser may remember a solve from before that.
      if (!store.get(SOLVED(row.dataset.problem))) return;
      row.querySelector(".solved-mark").hidden = false;
      const tried = row.querySelector(".attempted-mark");
      if (tried) tried.hidden = true;
    });
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

  document.addEventListener("DOMContentLoaded", () => {
    markSolved();
    const index = document.querySelector(".problem-index");
    if (index) setupProblemIndex(index);
  });
})();
