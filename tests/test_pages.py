"""HTML pages through the ASGI app, including the no-JavaScript form path."""

import html
import re

import markupsafe
from fastapi.testclient import TestClient

from tests.conftest import solution


def test_problem_list_links_every_problem(client: TestClient) -> None:
    client.cookies.clear()  # a language chosen by an earlier test would win over the header
    page = client.get("/", headers={"accept-language": "en"}).text
    for problem in client.get("/api/problems").json():
        assert f'href="/problems/{problem["id"]}"' in page
        assert str(markupsafe.escape(problem["title"]["en"])) in page


def test_chinese_is_the_default_when_the_browser_prefers_it(client: TestClient) -> None:
    client.cookies.clear()  # a language chosen earlier (a ?lang= link) would win
    page = client.get("/problems/attention", headers={"accept-language": "zh-CN,zh;q=0.9"}).text
    assert 'lang="zh-CN"' in page and "提交" in page
    english = client.get("/problems/attention", headers={"accept-language": "en-US"}).text
    assert 'lang="en"' in english and "Submit" in english


def test_language_switch_is_remembered_in_a_cookie(client: TestClient) -> None:
    response = client.get("/?lang=zh", headers={"accept-language": "en"})
    assert "题目" in response.text and response.cookies.get("shousi_lang") == "zh"
    client.cookies.clear()


def test_problem_page_shows_statement_contract_samples_and_editor(client: TestClient) -> None:
    page = client.get("/problems/scaled-dot-product-attention?lang=en").text
    client.cookies.clear()
    assert 'class="math' in page  # formulas left for KaTeX
    assert "def scaled_dot_product_attention" in page  # signature and starter
    assert "atol = 0.0001" in page and "torch.nn.functional.scaled_dot_product_attention" in page
    assert "Sample cases" in page and "np.array(" in page
    assert '<textarea id="code" name="code"' in page


def test_pages_load_nothing_from_outside(client: TestClient) -> None:
    for path in ("/", "/problems/attention", "/qa", "/qa/why-scale-sqrt-dk"):
        page = client.get(path).text
        for url in re.findall(r'(?:src|href)="([^"]+)"', page):
            assert not url.startswith(("http:", "https:", "//")), url
    css = client.get("/static/vendor/katex/katex.min.css").text
    assert "http" not in re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def test_every_static_asset_referenced_by_the_page_exists(client: TestClient) -> None:
    page = client.get("/problems/attention").text
    for url in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
        assert client.get(url).status_code == 200, url


def test_form_post_without_javascript_grades_and_keeps_the_code(client: TestClient) -> None:
    code = solution("attention")
    page = client.post("/problems/attention?lang=en", data={"code": code, "mode": "submit"}).text
    client.cookies.clear()
    assert 'data-verdict="accepted"' in page and "Accepted" in page
    editor = re.search(r'<textarea id="code"[^>]*>(.*?)</textarea>', page, re.S)
    assert editor and html.unescape(editor.group(1)) == code  # the code is still in the editor


def test_partial_result_for_a_wrong_answer_explains_the_mismatch(client: TestClient) -> None:
    starter = client.get("/api/problems/attention").json()["starter_code"]
    fragment = client.post(
        "/problems/attention?partial=1&lang=en", data={"code": starter, "mode": "run"}
    ).text
    client.cookies.clear()
    assert 'data-verdict="wrong_answer"' in fragment and "outside the tolerance" in fragment
    assert "<html" not in fragment


def test_form_without_code_is_a_clear_422(client: TestClient) -> None:
    response = client.post("/problems/attention", data={"mode": "run"})
    assert response.status_code == 422 and "code and mode" in response.text


def test_unknown_problem_page_is_404(client: TestClient) -> None:
    assert client.get("/problems/nope").status_code == 404


def test_wrong_values_come_with_expected_yours_and_difference_heatmaps(client: TestClient) -> None:
    code = (
        "import numpy as np\n"
        "def scaled_dot_product_attention(q, k, v, mask=None):\n"
        "    s = q @ np.swapaxes(k, -1, -2)\n"
        "    if mask is not None:\n"
        "        s = s + mask * -1e9\n"
        "    w = np.exp(s - s.max(-1, keepdims=True))\n"
        "    w = w / w.sum(-1, keepdims=True)\n"
        "    return w @ v, w\n"
    )
    page = client.post(
        "/problems/scaled-dot-product-attention?partial=1&lang=en",
        data={"code": code, "mode": "run"},
    ).text
    assert "expected, yours, and the difference" in page
    first = page.index('class="heatmaps"')
    # The first failing case's heatmaps are open; 3 grids of 3x4 values for `output`.
    assert page.count('<details class="heat-details" open>') == 1
    group = page[first : page.index("heat-readout", first)]
    assert group.count("<td ") == 3 * 3 * 4
    assert 'title="yours [0, 0] = ' in group and 'title="difference (yours − expected) [' in group


def test_contract_states_symmetric_tolerance_gradients_and_properties(client: TestClient) -> None:
    page = client.get("/problems/attention?lang=en").text
    client.cookies.clear()
    assert "atol + rtol·max(|got|, |expected|)" in page
    assert "gradients of sum(output · c)" in page
    assert "<code>causality</code>" in page and "<code>masked_weight</code>" in page
