"""Cases for BPE training: Sennrich et al.'s toy corpus, runs of one letter, ties built on
purpose, Chinese and accented words, zero counts, one-letter words, a merge that must not
reach inside a longer symbol, and more merges asked for than the corpus allows."""

import numpy as np

from graders import Case, Note

CLASSIC = (["low", "lower", "newest", "widest"], [5, 2, 6, 3])  # Sennrich et al. 2016
HANZI = ["中国", "中国人", "国人", "人民", "中文", "文字", "人民币"]
ACCENTED = ["café", "été", "thé", "élève", "fée", "épée"]


def _letters(rng: np.random.Generator, n: int, pool: str = "abcdefghijklmnopqrstuvwxyz") -> list:
    return [str(c) for c in rng.choice(list(pool), size=n, replace=False)]


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; the samples are the same for every seed."""
    rng = np.random.default_rng(3501 + seed)

    def ints(low: int, high: int, n: int) -> list[int]:
        return [int(v) for v in rng.integers(low, high + 1, size=n)]

    # Hidden: the classic corpus in a drawn order, asking for more merges than exist.
    order = [int(i) for i in rng.permutation(4)]
    classic_words = [CLASSIC[0][i] for i in order]
    classic_counts = [CLASSIC[1][i] for i in order]

    # Runs: a long run of x is the most frequent pair, so (x, x) is merged first.
    x, y = _letters(rng, 2)
    run_words = [x * int(rng.integers(4, 8)), x * 3 + y, y * 5, x + y * 2 + x * 4]
    run_counts = [int(rng.integers(5, 10)), *ints(1, 4, 3)]

    # Ties: eight pairs with the same count, first seen neither the smallest nor the largest.
    c1, c2, c3, c4 = sorted(_letters(rng, 4))
    k = int(rng.integers(1, 6))
    tie_words = [c2 + c3, c1 + c4, c4 + c1, c3 + c2]

    # Zero counts: words whose pairs never count, and more merges than the rest allow.
    p, q, r, s, t = _letters(rng, 5)
    zero_words = [p + q + p + q, r + s + t, q + p, t + s + r + t]
    zero_counts = [int(rng.integers(2, 6)), 0, int(rng.integers(1, 4)), 0]

    # A merge that must not reach inside a longer symbol: "xa b</w>" holds "a b</w>".
    u, v, w = _letters(rng, 3)
    big = int(rng.integers(12, 16))
    across_words = [u + v, v + w, u + v + w]
    across_counts = [big, big - 3, 1]

    # One-letter words.
    single = _letters(rng, 3)
    single_words = [single[0], single[1], single[0] + single[2], single[2]]

    # A random corpus over five letters.
    pool = _letters(rng, 5)
    random_words = sorted(
        {"".join(rng.choice(pool, size=int(rng.integers(2, 8)))) for _ in range(12)}
    )
    random_words = [str(word) for word in random_words]

    hanzi = [str(word) for word in rng.permutation(HANZI)]
    accented = [str(word) for word in rng.permutation(ACCENTED)]
    return [
        Case(
            "low/lower/newest/widest",
            {"words": list(CLASSIC[0]), "counts": list(CLASSIC[1]), "num_merges": 10},
            note=Note(
                "Sennrich et al. (2016)'s toy corpus: the first merges are (e, s), (es, t), "
                "(est, </w>); (e, s), (s, t) and (t, </w>) tie at 9 and the smallest wins",
                "Sennrich 等（2016）的玩具语料：前三次合并是 (e, s)、(es, t)、(est, </w>)；"
                "(e, s)、(s, t)、(t, </w>) 都是 9 次，取最小的",
            ),
        ),
        Case(
            "a run of one letter",
            {"words": ["aaaa", "ab"], "counts": [3, 2], "num_merges": 4},
            note=Note(
                "aaaa holds three overlapping (a, a), so the count is 3·3 + 0 = 9; the merge "
                "gives aa aa </w>, then (aa, </w>) and (aa, aa) tie and '</w>' < 'aa'",
                "aaaa 里有三个相互重叠的 (a, a)，计数 3·3 = 9；合并后是 aa aa </w>，"
                "接着 (aa, </w>) 和 (aa, aa) 并列，'</w>' < 'aa'",
            ),
        ),
        Case(
            "all pairs tie",
            {"words": ["ab", "ba"], "counts": [1, 1], "num_merges": 3},
            note=Note(
                "four pairs with count 1: the smallest is (a, </w>), then the counts decide again",
                "四个符号对都是 1 次：最小的是 (a, </w>)，之后重新统计再选",
            ),
        ),
        Case(
            "toy corpus, more merges than possible",
            {"words": classic_words, "counts": classic_counts, "num_merges": 40},
            hidden=True,
        ),
        Case(
            "runs of one letter",
            {"words": run_words, "counts": run_counts, "num_merges": 9},
            hidden=True,
        ),
        Case(
            "ties on purpose",
            {"words": tie_words, "counts": [k] * 4, "num_merges": 6},
            hidden=True,
        ),
        Case(
            "Chinese words",
            {"words": hanzi, "counts": ints(1, 9, len(hanzi)), "num_merges": 8},
            hidden=True,
        ),
        Case(
            "accented words",
            {"words": accented, "counts": ints(1, 9, len(accented)), "num_merges": 8},
            hidden=True,
        ),
        Case(
            "counts of 0",
            {"words": zero_words, "counts": zero_counts, "num_merges": 30},
            hidden=True,
        ),
        Case(
            "merged symbol followed by a pair's second symbol",
            {"words": across_words, "counts": across_counts, "num_merges": 6},
            hidden=True,
        ),
        Case(
            "one-letter words",
            {"words": single_words, "counts": ints(1, 9, 4), "num_merges": 5},
            hidden=True,
        ),
        Case(
            "random corpus",
            {"words": random_words, "counts": ints(1, 20, len(random_words)), "num_merges": 20},
            hidden=True,
        ),
    ]
