"""Heatmap cells (app/web/heat.py): values printed in small matrices, masks as allowed/blocked."""

from __future__ import annotations

import numpy as np
from fastapi.testclient import TestClient

from app.web.heat import VALUE_SIDE, cell_text, cells, is_mask
from graders.compare import heatmap

WORDS = {"allowed": "allowed", "blocked": "blocked", "same": "same", "differs": "differs"}


def test_small_matrices_print_their_values_and_large_ones_do_not() -> None:
    small = cells([[0.25, -1.0], [0.0, "NaN"]], scale=1.0, what="yours")
    assert [[c["text"] for c in row] for row in small] == [["0.25", "-1"], ["0", "NaN"]]
    assert [[c["class"] for c in row] for row in small] == [["pos", "neg"], ["pos", "nonfinite"]]
    assert small[0][1]["title"] == "yours [0, 1] = -1"
    side = VALUE_SIDE + 1
    large = cells([[0.5] * side] * side, scale=1.0, what="yours", row_start=3)
    assert all(c["text"] == "" for row in large for c in row)
    assert large[0][0]["title"] == "yours [3, 0] = 0.5" and large[0][0]["class"] == "pos"


def test_colour_opacity_stays_below_the_readable_limit() -> None:
    grid = cells([[10.0, 5.0, 0.0]], scale=10.0, what="x")
    assert [c["style"] for c in grid[0]] == ["--a:0.70", "--a:0.37", "--a:0.04"]


def test_cell_text_fits_a_cell() -> None:
    assert [cell_text(v) for v in (0.333333, 12.3456, 0.00012, -45678.0, 1, "Infinity")] == [
        "0.333",
        "12.3",
        "1.2e-4",
        "-4.6e4",
        "1",
        "+∞",
    ]


def test_a_boolean_heatmap_is_a_mask_of_allowed_and_blocked_cells() -> None:
    expected = np.tril(np.ones((3, 3), dtype=bool))
    got = np.tril(np.ones((3, 3), dtype=bool), k=-1)
    window = heatmap(expected, got)
    assert window is not None and is_mask(window)
    assert not is_mask(heatmap(np.zeros((2, 2)), np.ones((2, 2))) or {})
    drawn = cells(window["got"], scale=1.0, what="yours", mode="mask", words=WORDS)
    assert [c["text"] for c in drawn[1]] == ["✓", "✗", "✗"]
    assert (
        drawn[1][1]["class"] == "blocked"
        and drawn[1][1]["title"] == "yours [1, 1] = blocked (False)"
    )
    assert drawn[2][0]["title"] == "yours [2, 0] = allowed (True)"
    mismatches = cells(window["diff"], scale=1.0, what="diff", mode="mask_diff", words=WORDS)
    assert [c["class"] for row in mismatches for c in row].count("differs") == 3


def test_a_wrong_mask_page_draws_allowed_and_blocked_without_javascript(client: TestClient) -> None:
    code = (
        "import torch\n\ndef causal_mask(size):\n"
        "    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)\n"
    )
    # A first visit: no session cookie yet, so the form needs no token (an earlier test's
    # session would need one).
    client.cookies.clear()
    response = client.post(
        "/problems/causal-mask?partial=1&lang=zh", data={"code": code, "mode": "run"}
    )
    assert response.status_code == 200, response.text[:300]
    page = response.text
    group = page[page.index('class="heatmaps"') : page.index("heat-readout")]
    assert 'data-kind="mask"' in group and "允许" in group and "屏蔽" in group
    assert 'title="你的输出 [1, 1] = 屏蔽 (False)"' in group
    assert group.count('class="blocked"') > 0 and 'class="pos"' not in group
    assert '<table class="heat values"' in group  # 4 x 4: the marks are printed in the cells
