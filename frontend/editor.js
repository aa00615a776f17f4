// Shousi code editor: bundle entry for scripts/build-assets.
//
// Bundled by esbuild into static/vendor/cm-editor-<codemirror version>.bundle.js
// (IIFE, no module loader needed). It defines one global:
//
//   window.ShousiEditor.fromTextArea(textarea, options) -> {
//     getValue(), setValue(text), focus(), view   // view: the CodeMirror EditorView
//   }
//
// options (all optional):
//   onRun()          called on Ctrl-Enter / Cmd-Enter
//   onSubmit()       called on Ctrl-Shift-Enter / Cmd-Shift-Enter
//   onChange(text)   called after every document change with the full text
//   readOnly         true: the document cannot be edited (selection/copy still work)
//   lineWrapping     true: long lines wrap instead of scrolling sideways
//
// The returned object also has setLineWrapping(on), to follow a media query (a phone
// shows no horizontal scrollbar, so long lines wrap there).
//
// The <textarea> is hidden (not removed) and kept in sync on every change, so a
// plain HTML form submit still sends the code under the textarea's name.

import { Compartment, EditorState, Prec } from "@codemirror/state";
import {
  EditorView,
  keymap,
  lineNumbers,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
  dropCursor,
  rectangularSelection,
  crosshairCursor,
  highlightActiveLine,
} from "@codemirror/view";
import {
  defaultKeymap,
  history,
  historyKeymap,
  indentWithTab,
} from "@codemirror/commands";
import {
  indentUnit,
  indentOnInput,
  bracketMatching,
  foldGutter,
  foldKeymap,
  syntaxHighlighting,
  HighlightStyle,
} from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { python } from "@codemirror/lang-python";

const MONO =
  'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

// Sizing: at least ~320px tall, grows with the content, scrolls past 70vh.
// Colours come from the page's CSS variables (static/app.css), so the one bundle follows
// the light and dark themes; the fallbacks are the light theme's.
const v = (name, fallback) => `var(--${name}, ${fallback})`;
const shousiTheme = EditorView.theme({
  "&": {
    maxHeight: "70vh",
    fontSize: "14px",
    border: "1px solid " + v("line", "#dde2ea"),
    borderRadius: "4px",
    color: v("fg", "#1d2330"),
    backgroundColor: v("card", "#fff"),
  },
  "&.cm-focused": {
    outline: "2px solid " + v("focus", "#2563eb"),
    outlineOffset: "-1px",
  },
  ".cm-scroller": {
    overflow: "auto",
    fontFamily: MONO,
    lineHeight: "1.5",
  },
  ".cm-content, .cm-gutter": {
    minHeight: "320px",
  },
  ".cm-content": { caretColor: v("fg", "#1d2330") },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: v("fg", "#1d2330") },
  ".cm-gutters": {
    backgroundColor: v("code-bg", "#f1f3f7"),
    color: v("muted", "#5d6677"),
    borderRight: "1px solid " + v("line", "#dde2ea"),
  },
  ".cm-activeLine": { backgroundColor: v("cm-active-line", "#eef4ff80") },
  ".cm-activeLineGutter": { backgroundColor: v("cm-active-gutter", "#e2eaf8") },
  ".cm-selectionBackground, & .cm-selectionLayer .cm-selectionBackground": {
    background: v("cm-selection", "#d9d9d9"),
  },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground": {
    background: v("cm-selection-focused", "#d7d4f0"),
  },
  "&.cm-focused .cm-matchingBracket": { backgroundColor: v("cm-bracket", "#328c8252") },
  ".cm-foldPlaceholder": {
    backgroundColor: v("code-bg", "#f1f3f7"),
    border: "1px solid " + v("line", "#dde2ea"),
    color: v("muted", "#5d6677"),
  },
});

// Syntax colours, also from CSS variables (--cm-keyword ...). The light values are those of
// CodeMirror's default style, which all reach 4.5:1 on white.
const shousiHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: v("cm-keyword", "#708") },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName],
    color: v("cm-atom", "#219") },
  { tag: [tags.literal, tags.inserted], color: v("cm-number", "#164") },
  { tag: [tags.string, tags.deleted], color: v("cm-string", "#a11") },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: v("cm-escape", "#c33a00") },
  { tag: tags.definition(tags.variableName), color: v("cm-def", "#00f") },
  { tag: tags.local(tags.variableName), color: v("cm-local", "#30a") },
  { tag: [tags.typeName, tags.namespace], color: v("cm-type", "#085") },
  { tag: tags.className, color: v("cm-class", "#167") },
  { tag: [tags.special(tags.variableName), tags.macroName], color: v("cm-special", "#256") },
  { tag: tags.definition(tags.propertyName), color: v("cm-property", "#00c") },
  { tag: tags.comment, color: v("cm-comment", "#940") },
  { tag: tags.meta, color: v("cm-meta", "#404740") },
  { tag: tags.invalid, color: v("cm-invalid", "#d00") },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strong, fontWeight: "bold" },
]);

// The basicSetup pieces that make sense for a small Python exercise editor.
// Left out on purpose: autocompletion popups, auto-closing brackets, the
// search panel and lint keymap (none of which the project depends on directly).
function coreSetup() {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    syntaxHighlighting(shousiHighlight),
    bracketMatching(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
  ];
}

function actionKeymap(options) {
  const bindings = [];
  const bind = (keys, fn) => {
    if (typeof fn !== "function") return;
    const run = () => {
      fn();
      return true;
    };
    for (const key of keys) bindings.push({ key, run, preventDefault: true });
  };
  // "Mod" is Cmd on macOS and Ctrl elsewhere; "Ctrl-..." also covers Ctrl on macOS.
  bind(["Mod-Enter", "Ctrl-Enter"], options.onRun);
  bind(["Shift-Mod-Enter", "Shift-Ctrl-Enter"], options.onSubmit);
  // Highest precedence: defaultKeymap binds Mod-Enter to insertBlankLine.
  return Prec.highest(keymap.of(bindings));
}

function fromTextArea(textarea, options) {
  if (!textarea || textarea.tagName !== "TEXTAREA") {
    throw new TypeError("ShousiEditor.fromTextArea expects a <textarea> element");
  }
  options = options || {};

  const syncAndNotify = EditorView.updateListener.of((update) => {
    if (!update.docChanged) return;
    const text = update.state.doc.toString();
    textarea.value = text;
    if (typeof options.onChange === "function") options.onChange(text);
  });

  const label = textarea.getAttribute("aria-label") || "Code editor";
  const wrapping = new Compartment();
  const wrapped = (on) => (on ? EditorView.lineWrapping : []);

  const state = EditorState.create({
    doc: textarea.value,
    extensions: [
      actionKeymap(options),
      coreSetup(),
      python(),
      indentUnit.of("    "),
      EditorState.tabSize.of(4),
      EditorState.readOnly.of(!!options.readOnly),
      EditorView.contentAttributes.of({ "aria-label": label }),
      wrapping.of(wrapped(!!options.lineWrapping)),
      shousiTheme,
      syncAndNotify,
    ],
  });

  const wrapper = document.createElement("div");
  wrapper.className = "shousi-editor" + (options.readOnly ? " shousi-editor--readonly" : "");
  textarea.insertAdjacentElement("afterend", wrapper);
  textarea.style.display = "none";

  const view = new EditorView({ state, parent: wrapper });

  return {
    view,
    getValue() {
      return view.state.doc.toString();
    },
    setValue(text) {
      text = text == null ? "" : String(text);
      if (text === view.state.doc.toString()) return;
      // Goes through the update listener, so the textarea and onChange follow.
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    focus() {
      view.focus();
    },
    setLineWrapping(on) {
      view.dispatch({ effects: wrapping.reconfigure(wrapped(!!on)) });
    },
  };
}

window.ShousiEditor = { fromTextArea };
