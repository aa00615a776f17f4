// Shared by every page (progressive enhancement: each page works without it): the theme
// toggle, formulas, keyboard reach of boxes that scroll, heatmap cells, and the helpers the
// page scripts in static/js/ use through window.Shousi.
(function () {
  "use strict";
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

  // --- Layout: the problem page's tabs on a narrow screen, the verdict brought into view. ---
  const NARROW = "(max-width: 1000px)";  // where static/app.css puts the page in one column

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

  // Heatmap cells carry their value; hovering one shows it under its group (results arrive
  // as HTML fragments, so one delegated listener serves every panel).
  document.addEventListener("mouseover", (event) => {
    const cell = event.target.closest && event.target.closest("table.heat td[data-v]");
    const readout = cell && cell.closest("[data-heat-group]")?.querySelector(".heat-readout");
    if (readout) readout.textContent = cell.dataset.v;
  });
  setupHeatmapCells();

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
  });

  window.Shousi = { store, renderMath, focusOverflowing, keyboardEditor, markScrollers, NARROW };
})();
