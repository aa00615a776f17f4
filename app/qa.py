"""Interview Q&A cards: one TOML file per card (qa/<topic>/<id>.toml), checked when loaded.

A card that does not parse or does not fit the schema is reported against its file and left
out; `validate_deck` adds the checks across cards (ids unique, linked problems exist,
formulas balanced). See qa/README.md for the format.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

BUILTIN_QA_DIR = Path(__file__).resolve().parents[1] / "qa"
TOPICS = (
    "attention",
    "multi-head",
    "positional",
    "normalization",
    "ffn",
    "architecture",
    "training",
    "alignment",
    "inference",
    "efficiency",
    "embeddings",
    "bugs",
)
_LEVELS = ("easy", "medium", "hard")
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Side(_Strict):
    """A card in one language."""

    question: str = Field(min_length=1)
    short: str = Field(min_length=1)
    answer: str = Field(min_length=1)
    follow_ups: list[str] = []


class Card(_Strict):
    """One interview question with its answers in Chinese and English."""

    id: str
    topic: Literal[TOPICS]  # type: ignore[valid-type]
    tags: list[str] = Field(min_length=1)
    difficulty: Literal["easy", "medium", "hard"]
    problems: list[str] = []
    planned: list[str] = []  # contracted problems not in the bank yet
    zh: Side
    en: Side

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.fullmatch(value):
            raise ValueError("id must be lowercase words joined by '-'")
        return value


@dataclass
class Deck:
    """Every card that loaded, in topic order, and every file that did not."""

    cards: dict[str, Card] = field(default_factory=dict)
    paths: dict[str, Path] = field(default_factory=dict)
    errors: list[tuple[Path, str]] = field(default_factory=list)

    def ordered(self) -> list[Card]:
        """Cards grouped by topic (in TOPICS order), then by id."""
        return sorted(self.cards.values(), key=lambda c: (TOPICS.index(c.topic), c.id))

    def linked(self, problem_id: str) -> list[Card]:
        """The cards that practise `problem_id`: those naming it first, easier ones first."""
        linked = [card for card in self.ordered() if problem_id in card.problems]
        return sorted(
            linked,
            key=lambda card: (card.problems.index(problem_id), _LEVELS.index(card.difficulty)),
        )

    def tags(self) -> list[str]:
        """Every tag used by some card, sorted."""
        return sorted({tag for card in self.cards.values() for tag in card.tags})


def load_card(path: Path) -> Card:
    """Parse and check one card file against the schema and its place in the folders."""
    try:
        card = Card.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML: {exc}") from None
    except ValidationError as exc:
        raise ValueError(
            "; ".join(
                f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()
            )
        ) from None
    if card.id != path.stem:
        raise ValueError(f"id {card.id!r} does not match the file name {path.name}")
    if card.topic != path.parent.name:
        raise ValueError(f"topic {card.topic!r} does not match the folder {path.parent.name}")
    return card


def load_deck(dirs: list[Path]) -> Deck:
    """Load every card under `dirs` (each a folder of topic folders); ids are unique."""
    deck = Deck()
    for root in dirs:
        if not root.is_dir():
            deck.errors.append((root, "Q&A directory does not exist"))
            continue
        for path in sorted(root.glob("*/*.toml")):
            try:
                card = load_card(path)
            except (OSError, UnicodeDecodeError, ValueError) as exc:
                deck.errors.append((path, str(exc)))
                continue
            if card.id in deck.cards:
                deck.errors.append((path, f"duplicate id {card.id!r} (also {deck.paths[card.id]})"))
                continue
            deck.cards[card.id] = card
            deck.paths[card.id] = path
    return deck


def normalize(text: str) -> str:
    """Text folded for searching: NFKC (full-width letters become ASCII) and casefolded."""
    return unicodedata.normalize("NFKC", text).casefold()


def search_text(card: Card) -> str:
    """What the search box looks in: id, tags, and both languages' question and short answer.

    The same string is put on the /qa page, so the browser's live filter and the server's
    `?q=` agree.
    """
    parts = [card.id, *card.tags, card.zh.question, card.zh.short, card.en.question, card.en.short]
    return normalize(" ".join(parts))


def matches(card: Card, query: str = "", tag: str = "", difficulty: str = "") -> bool:
    """Whether a card passes the filters; every word of `query` must occur as a substring.

    Substrings, not words, because Chinese is written without spaces: 缩放 finds 为什么要缩放.
    """
    if tag and tag not in card.tags:
        return False
    if difficulty and card.difficulty != difficulty:
        return False
    haystack = search_text(card)
    return all(word in haystack for word in normalize(query).split())


def formula_problems(markdown: str) -> list[str]:
    """Unbalanced `$` delimiters, braces or \\left/\\right in the formulas of a text."""
    prose = re.sub(r"```.*?```|`[^`\n]*`", "", markdown, flags=re.DOTALL)
    found = []
    if prose.replace(r"\$", "").count("$") % 2:
        found.append("an odd number of $ delimiters")
    for formula in re.findall(r"\$\$(.+?)\$\$|\$([^$]+?)\$", prose, flags=re.DOTALL):
        text = (formula[0] or formula[1]).replace(r"\{", "").replace(r"\}", "")
        depth = 0
        for char in text:
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth < 0:
                break
        if depth:
            found.append(f"unbalanced braces in ${text.strip()[:40]}$")
        if len(re.findall(r"\\left\b", text)) != len(re.findall(r"\\right\b", text)):
            found.append(f"\\left without \\right in ${text.strip()[:40]}$")
    return found


def validate_deck(deck: Deck, problem_ids: set[str]) -> list[tuple[Path, str]]:
    """Every problem of the deck: load errors, unknown problems, unbalanced formulas."""
    found = list(deck.errors)
    for card in deck.ordered():
        path = deck.paths[card.id]
        unknown = [p for p in card.problems if p not in problem_ids]
        if unknown:
            found.append((path, f"links problems that do not exist: {', '.join(unknown)}"))
        landed = [p for p in card.planned if p in problem_ids]
        if landed:  # else the card stays off the pages of the problems that practise it
            found.append(
                (
                    path,
                    f"planned problems now in the bank: {', '.join(landed)}; "
                    "move them to `problems`",
                )
            )
        for lang in ("zh", "en"):
            side: Side = getattr(card, lang)
            for text in (side.question, side.short, side.answer, *side.follow_ups):
                found += [(path, f"{lang}: {problem}") for problem in formula_problems(text)]
    return found
