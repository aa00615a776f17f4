"""The Q&A cards on the web: GET /api/qa, GET /api/qa/{id}, the /qa pages, the problem page."""

from __future__ import annotations

import re
from html import unescape

from fastapi.testclient import TestClient

from app.bank import Bank
from tests.helpers import SEED_QUESTIONS, qa_tomls

QA = qa_tomls()  # the cards as the qa/ folder lists them


def _ids_on_page(html: str) -> list[str]:
    """Ids of the cards a reader sees (not hidden) on the /qa page."""
    items = re.findall(r'<li class="qa-item" data-id="([^"]+)"([^>]*)>', html)
    # The attribute, not the word: a card's data-search text may say "hidden" too.
    return [card_id for card_id, rest in items if "hidden" not in re.sub(r'"[^"]*"', "", rest)]


def test_api_lists_every_card_most_linked_to_real_problems(client: TestClient, bank: Bank) -> None:
    cards = client.get("/api/qa").json()
    assert sorted(card["id"] for card in cards) == sorted(QA)  # every file, once
    for card in cards:
        assert set(card) >= {"id", "question", "tags", "difficulty", "problems"}
        assert card["question"]["zh"].strip() and card["question"]["en"].strip()
        assert card["tags"] and card["difficulty"] in ("easy", "medium", "hard")
        assert all(problem in bank.problems for problem in card["problems"])
    linked = sorted(card_id for card_id, toml in QA.items() if toml.get("problems"))
    assert sorted(card["id"] for card in cards if card["problems"]) == linked
    assert len(linked) >= 100  # most: the minimum
    assert set(SEED_QUESTIONS) <= {card["id"] for card in cards}


def test_api_card_has_short_and_full_answers_in_both_languages(client: TestClient) -> None:
    card = client.get("/api/qa/why-scale-sqrt-dk").json()
    for lang in ("zh", "en"):
        assert card["short"][lang].strip() and card["answer"][lang].strip()
        assert card["follow_ups"][lang]
        # Formulas reach the browser as TeX inside .math elements, for KaTeX.
        assert '<span class="math inline">' in card["answer_html"][lang]
    assert "√d_k" in card["question"]["en"]
    assert "scaled-dot-product-attention" in card["problems"]
    assert "<script" not in card["answer_html"]["en"]


def test_every_card_has_a_non_empty_answer_through_the_api(client: TestClient) -> None:
    for summary in client.get("/api/qa").json():
        card = client.get(f"/api/qa/{summary['id']}").json()
        for lang in ("zh", "en"):
            assert len(card["answer"][lang]) > 100, (summary["id"], lang)
            assert card["answer_html"][lang].startswith("<"), summary["id"]


def test_unknown_card_is_a_404_on_the_api_and_the_page(client: TestClient) -> None:
    response = client.get("/api/qa/no-such-card")
    assert response.status_code == 404
    assert "no-such-card" in response.json()["detail"]
    page = client.get("/qa/no-such-card?lang=en")
    assert page.status_code == 404
    assert "There is no question no-such-card" in page.text


def test_api_filters_by_tag_difficulty_and_words_in_either_language(client: TestClient) -> None:
    by_tag = client.get("/api/qa", params={"tag": "rope"}).json()
    assert by_tag and all("rope" in card["tags"] for card in by_tag)
    hard = client.get("/api/qa", params={"difficulty": "hard"}).json()
    assert hard and all(card["difficulty"] == "hard" for card in hard)
    # Chinese has no spaces between words: a word inside a sentence still matches.
    chinese = [card["id"] for card in client.get("/api/qa", params={"q": "缩放"}).json()]
    assert "why-scale-sqrt-dk" in chinese
    english = [card["id"] for card in client.get("/api/qa", params={"q": "Warm-Up"}).json()]
    assert "why-learning-rate-warmup" in english
    both = client.get("/api/qa", params={"q": "LayerNorm BatchNorm"}).json()
    assert "layernorm-vs-batchnorm" in [card["id"] for card in both]
    assert client.get("/api/qa", params={"q": "zzzz-no-such-word"}).json() == []


def test_qa_page_groups_cards_by_topic_and_filters_without_javascript(
    client: TestClient,
) -> None:
    page = client.get("/qa?lang=en").text
    assert "<h2>Attention" in page and "<h2>Classic bugs" in page
    assert sorted(_ids_on_page(page)) == sorted(QA)
    filtered = client.get("/qa", params={"lang": "en", "q": "缩放", "difficulty": "easy"}).text
    shown = _ids_on_page(filtered)
    assert "why-scale-sqrt-dk" in shown and len(shown) < 20
    total = len(client.get("/api/qa").json())
    assert f"{len(shown)} of {total} questions" in unescape(filtered)


def test_card_page_folds_the_answer_and_links_to_practice(client: TestClient) -> None:
    page = client.get("/qa/why-scale-sqrt-dk?lang=en").text
    assert '<details class="qa-answer">' in page  # folded until the candidate asks
    assert "Show answer" in page
    assert 'href="/problems/scaled-dot-product-attention"' in page
    assert "What the interviewer asks next" in page
    chinese = client.get("/qa/why-scale-sqrt-dk?lang=zh").text
    assert "为什么注意力分数要除以" in chinese and "显示答案" in chinese


def test_problem_page_shows_the_questions_asked_next(client: TestClient) -> None:
    page = client.get("/problems/scaled-dot-product-attention?lang=en").text
    assert "Asked next in interviews" in page
    assert 'href="/qa/why-scale-sqrt-dk"' in page
    # Every card that names a problem is reachable back from that problem's page.
    softmax = client.get("/problems/softmax").text
    linked = [card for card in client.get("/api/qa").json() if "softmax" in card["problems"]]
    assert linked
    for card in linked:
        assert f'href="/qa/{card["id"]}"' in softmax
