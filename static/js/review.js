// The /review page without reloads: rate through the JSON API, then fetch the page again
// for the next due item and the new counts. The page works without this file (a form).
(function () {
  "use strict";
  // Minutes east of UTC, so that "due today" ends at the learner's midnight.
  const TZ = -new Date().getTimezoneOffset();

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

  function pageUrl(at) {
    const query = new URLSearchParams();
    if (at) query.set("at", String(at));
    query.set("tz", String(TZ));
    return "/review?" + query.toString();
  }

  function showError(root, text) {
    let box = root.querySelector(".review-error");
    if (!box) {
      box = document.createElement("p");
      box.className = "review-error";
      box.setAttribute("role", "alert");
      root.querySelector(".review-counts").after(box);
    }
    box.textContent = text;
  }

  async function load(at) {
    const old = document.querySelector("section.review");
    const response = await fetch(pageUrl(at), { headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(old.dataset.failed);
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = doc.querySelector("section.review");
    if (!fresh) throw new Error(old.dataset.failed);
    old.replaceWith(fresh);
    history.replaceState(null, "", pageUrl(at));
    wire(fresh);
  }

  function wire(root) {
    const at = Number(root.dataset.at || 0);
    renderMath(root);
    const answer = root.querySelector("details.review-answer");
    if (answer) {
      const reveal = answer.querySelector("summary");
      answer.addEventListener("toggle", () => {
        reveal.textContent = answer.open ? reveal.dataset.hide : reveal.dataset.show;
        if (answer.open) renderMath(answer);
      });
    }
    const form = root.querySelector("form.review-rate");
    if (form) {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const rating = event.submitter && event.submitter.value;
        if (!rating) return;
        const buttons = form.querySelectorAll("button");
        buttons.forEach((b) => { b.disabled = true; });
        const item = form.querySelector("input[name=item]").value;
        try {
          const response = await fetch("/api/review/" + item, {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "application/json" },
            body: JSON.stringify({ rating: rating }),
          });
          if (!response.ok) {
            let detail = root.dataset.failed;
            try { detail = (await response.json()).detail || detail; } catch (e) { /* not JSON */ }
            throw new Error(detail);
          }
          // The rated item left the due list: the same position now holds the next one.
          await load(at);
        } catch (error) {
          showError(root, error.message || root.dataset.failed);
          buttons.forEach((b) => { b.disabled = false; });
        }
      });
    }
    const move = (selector, to) => {
      const link = root.querySelector(selector);
      if (!link) return;
      link.addEventListener("click", (event) => {
        event.preventDefault();
        load(to).catch((error) => showError(root, error.message));
      });
    };
    move("a.review-skip", at + 1);
    move("a.review-restart", 0);
  }

  // Keys, as in Anki: space shows the answer, 1-4 rate it.
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const answer = document.querySelector("section.review details.review-answer");
    if (!answer) return;
    if (event.key === " " && !answer.open) {
      event.preventDefault();
      answer.open = true;
      return;
    }
    const index = ["1", "2", "3", "4"].indexOf(event.key);
    if (index >= 0 && answer.open) {
      const button = answer.querySelectorAll("button[name=rating]")[index];
      if (button && !button.disabled) button.click();
    }
  });

  document.addEventListener("DOMContentLoaded", () => {
    const root = document.querySelector("section.review");
    if (!root) return;
    wire(root);
    // The first render counted "today" in UTC: count again at the learner's own offset.
    if (new URLSearchParams(location.search).get("tz") !== String(TZ)) {
      load(Number(root.dataset.at || 0)).catch(() => { /* the UTC counts stay */ });
    }
  });
})();
