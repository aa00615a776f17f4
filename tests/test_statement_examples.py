"""Every statement's example runs against the problem's solution and prints what it shows,
and every formula of a problem's texts and of the cards is rendered as math.

A candidate copies the `>>>` lines of `## Example` into a notebook and expects the same
output: a statement whose example drifted from the solution teaches the wrong thing. A
`$$ ... $$` line inside a paragraph or a list item without blank lines around it is read as
inline dollars, and every formula after it on the page comes out as raw text.
"""

from __future__ import annotations

import doctest
import re
import runpy

import numpy as np
import pytest
import torch

from app.bank.loader import load_problem
from app.qa import load_deck
from app.settings import BUILTIN_DIR, Settings
from app.web.present import render_markdown
from graders.case import Fixture

BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
FOLDERS = sorted(p.name for p in BUILTIN_DIR.iterdir() if (p / "problem.toml").exists())


def _blank_lines_kept(block: str) -> str:
    """A tensor's repr has blank lines between its blocks; doctest reads them as <BLANKLINE>."""
    lines = block.split("\n")
    for i in range(1, len(lines) - 1):
        inside = lines[i - 1].strip() and lines[i + 1].strip()
        if not lines[i].strip() and inside and not lines[i + 1].lstrip().startswith(">>>"):
            lines[i] = "<BLANKLINE>"
    return "\n".join(lines)


def _first_sample(folder: str) -> dict:
    """The first sample's inputs by name, fixtures built: what "the first sample" means."""
    problem = load_problem(BUILTIN_DIR / folder)
    sample = next(case for case in problem.build_cases(seed=0) if not case.hidden)
    return {
        name: problem.build_fixture(value.name, value.data) if isinstance(value, Fixture) else value
        for name, value in sample.inputs.items()
    }


@pytest.mark.parametrize("folder", FOLDERS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_statement_example_prints_what_it_shows(folder: str, lang: str) -> None:
    text = (BUILTIN_DIR / folder / f"statement.{lang}.md").read_text(encoding="utf-8")
    example = text.partition("## Example" if lang == "en" else "## 示例")[2]
    blocks = [b for b in BLOCK.findall(example.split("\n## ", 1)[0]) if ">>>" in b]
    assert blocks, f"problems/{folder}/statement.{lang}.md has no runnable example"
    for block in blocks:
        namespace = {
            "np": np,
            "torch": torch,
            **_first_sample(folder),
            **runpy.run_path(str(BUILTIN_DIR / folder / "solution.py")),
        }
        test = doctest.DocTestParser().get_doctest(
            _blank_lines_kept(block), namespace, f"{folder}.{lang}", None, 0
        )
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        report: list[str] = []
        runner.run(test, out=report.append)
        assert not runner.failures, f"problems/{folder}/statement.{lang}.md:\n" + "".join(report)


# What is left of the HTML once code and the formulas KaTeX renders are taken out.
_NOT_PROSE = re.compile(
    r"<pre.*?</pre>|<code>.*?</code>|<span class=\"math inline\">.*?</span>"
    r"|<div class=\"math block\">.*?</div>",
    re.S,
)


def _stray_dollar(markdown: str) -> str | None:
    """The text around a `$` the renderer left as text, if any."""
    prose = _NOT_PROSE.sub("", render_markdown(markdown)).replace("\\$", "")
    at = prose.find("$")
    return None if at < 0 else prose[max(0, at - 60) : at + 40]


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_formula_of_a_problem_is_rendered_as_math(folder: str) -> None:
    for path in sorted((BUILTIN_DIR / folder).glob("*.md")):
        stray = _stray_dollar(path.read_text(encoding="utf-8"))
        assert stray is None, f"problems/{folder}/{path.name}: a formula shown as text: {stray!r}"


def test_every_formula_of_a_card_is_rendered_as_math() -> None:
    deck = load_deck(Settings().qa_directories())
    broken = [
        (card.id, lang, stray)
        for card in deck.ordered()
        for lang in ("zh", "en")
        if (stray := _stray_dollar(getattr(card, lang).answer))
    ]
    assert broken == []
