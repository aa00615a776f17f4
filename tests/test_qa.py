"""The interview Q&A cards: every card valid, every seed question answered, bad cards named."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.bank import Bank
from app.qa import TOPICS, load_deck, validate_deck
from app.settings import Settings
from tests.helpers import SEED_QUESTIONS, qa_tomls


@pytest.fixture(scope="module")
def deck():
    return load_deck(Settings().qa_directories())


def test_every_card_is_valid(deck, bank: Bank) -> None:
    assert validate_deck(deck, set(bank.problems)) == []


def test_there_are_at_least_150_bilingual_cards_across_every_topic(deck) -> None:
    cards = deck.ordered()
    assert sorted(card.id for card in cards) == sorted(qa_tomls())  # every file, loaded
    assert len(cards) >= 150  # the minimum
    for card in cards:
        for side in (card.zh, card.en):
            assert side.question.strip() and side.short.strip() and side.answer.strip()
        assert card.tags
    assert {card.topic for card in cards} == set(TOPICS)


def test_chinese_sides_are_written_in_chinese(deck) -> None:
    for card in deck.ordered():
        han = sum("\u4e00" <= ch <= "\u9fff" for ch in card.zh.answer)
        assert han >= 40, card.id


def test_every_seed_question_has_its_card(deck) -> None:
    missing = [card_id for card_id in SEED_QUESTIONS if card_id not in deck.cards]
    assert missing == []


def _card(folder: Path, card_id: str, **changes: str) -> Path:
    text = {
        "head": f'id = "{card_id}"\ntopic = "attention"\ntags = ["attention"]\n'
        'difficulty = "easy"\nproblems = ["attention"]\n',
        "zh": '[zh]\nquestion = "问题？"\nshort = "一句话。"\n'
        "answer = '''\n答案 $\\sqrt{d_k}$。\n'''\n",
        "en": '[en]\nquestion = "Question?"\nshort = "One line."\n'
        "answer = '''\nThe answer $\\sqrt{d_k}$.\n'''\n",
    }
    text.update(changes)
    path = folder / "attention" / f"{card_id}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text["head"] + text["zh"] + text["en"], encoding="utf-8")
    return path


def test_validate_names_each_broken_card_and_its_reason(tmp_path: Path, bank: Bank) -> None:
    good = _card(tmp_path, "good-card")
    no_zh = _card(tmp_path, "no-chinese", zh="")
    unknown = _card(
        tmp_path,
        "unknown-problem",
        head='id = "unknown-problem"\ntopic = "attention"\ntags = ["attention"]\n'
        'difficulty = "easy"\nproblems = ["attention", "no-such-problem"]\n',
    )
    unbalanced = _card(
        tmp_path, "odd-dollars", en='[en]\nquestion = "Q $x?"\nshort = "s"\nanswer = "a"\n'
    )
    braces = _card(
        tmp_path,
        "open-brace",
        en="[en]\nquestion = \"Q\"\nshort = \"s\"\nanswer = '''\n$\\frac{1}{2$\n'''\n",
    )
    landed = _card(
        tmp_path,
        "planned-landed",
        head='id = "planned-landed"\ntopic = "attention"\ntags = ["attention"]\n'
        'difficulty = "easy"\nproblems = ["attention"]\nplanned = ["softmax", "not-yet"]\n',
    )
    duplicate = tmp_path / "bugs" / "good-card.toml"
    duplicate.parent.mkdir()
    duplicate.write_text(good.read_text().replace('"attention"\ntags', '"bugs"\ntags'))
    found = dict(validate_deck(load_deck([tmp_path]), set(bank.problems)))
    assert good not in found
    assert "en" not in found[no_zh] and "zh" in found[no_zh]
    assert "no-such-problem" in found[unknown]
    assert "planned problems now in the bank: softmax;" in found[landed]
    assert "odd number of $" in found[unbalanced]
    assert "unbalanced braces" in found[braces]
    assert "duplicate id 'good-card'" in found[duplicate]


def test_every_problem_has_a_card_that_practises_it(deck, bank: Bank) -> None:
    # The problem page shows its cards, and a review session reaches the problem from them.
    alone = [pid for pid in bank.problems if not deck.linked(pid)]
    assert alone == [], f"problems with no card naming them in `problems`: {alone}"
