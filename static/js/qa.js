// Interview Q&A: the list's filters as you type, and a card's answer and self-rating.
(function () {
  "use strict";
  const { store, renderMath } = window.Shousi;

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

  document.addEventListener("DOMContentLoaded", () => {
    const qaIndex = document.querySelector(".qa-index");
    if (qaIndex) setupQaIndex(qaIndex);
    const qaCard = document.querySelector(".qa-card[data-card]");
    if (qaCard) setupQaCard(qaCard);
  });
})();
