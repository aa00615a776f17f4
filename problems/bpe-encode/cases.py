"""Cases for BPE encoding: merges learned on Sennrich et al.'s toy corpus and on drawn
corpora, the same merges with shuffled ranks, merge lists where a later merge creates a
pair of an earlier rank, vocabularies where the longest match is not what the merges give,
runs of one letter, Chinese, one-letter words, no merges at all."""

import numpy as np

from graders import Case, Note

END = "</w>"
TOY = (["low", "lower", "newest", "widest"], [5, 2, 6, 3])  # Sennrich et al. 2016


def _train(words: list[str], counts: list[int], num_merges: int) -> list[tuple[str, str]]:
    """BPE training (as in bpe-train): highest weighted count, smallest pair on ties."""
    corpus = [[*w, END] for w in words]
    merges: list[tuple[str, str]] = []
    for _ in range(num_merges):
        stats: dict[tuple[str, str], int] = {}
        for symbols, c in zip(corpus, counts, strict=True):
            for pair in zip(symbols, symbols[1:], strict=False):
                stats[pair] = stats.get(pair, 0) + c
        live = [(-n, pair) for pair, n in stats.items() if n > 0]
        if not live:
            break
        a, b = min(live)[1]
        merges.append((a, b))
        for w, symbols in enumerate(corpus):
            out, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(symbols[i])
                    i += 1
            corpus[w] = out
    return merges


def _letters(rng: np.random.Generator, n: int) -> list[str]:
    return [str(c) for c in rng.choice(list("abcdefghijklmnopqrstuvwxyz"), size=n, replace=False)]


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; the samples are the same for every seed."""
    rng = np.random.default_rng(3551 + seed)
    toy = _train(*TOY, 10)

    # A drawn corpus over five letters and its merges.
    pool = _letters(rng, 5)
    corpus = sorted({"".join(rng.choice(pool, size=int(rng.integers(3, 8)))) for _ in range(10)})
    corpus = [str(w) for w in corpus]
    counts = [int(c) for c in rng.integers(1, 20, size=len(corpus))]
    learned = _train(corpus, counts, 8)
    seen = corpus[int(rng.integers(0, len(corpus)))]
    first, second = (corpus[int(i)] for i in rng.choice(len(corpus), size=2, replace=False))
    unseen = second[::-1] + first  # pieces of the corpus in a new order
    shuffled = [learned[int(i)] for i in rng.permutation(len(learned))]

    # A later merge creates a pair of an earlier rank: (x, y) at rank 2 makes (xy, z) of rank 0.
    x, y, z, q = _letters(rng, 4)
    later = [(x + y, z), (z, END), (x, y), (q, x + y)]
    later_word = x + y + z + q + x + y + z

    # The longest vocabulary entry is not what the merges build: (y, z) comes before (x, y).
    u, v, w, t = _letters(rng, 4)
    longest = [(v, w), (t, END), (u, v), (u, t), (w, t + END)]
    longest_word = u + v + w + t + u + v

    # A run of one letter.
    r = _letters(rng, 1)[0]
    run = [(r, r), (r + r, r), (r + r, r + r), (r + r + r, END)]
    run_word = r * int(rng.integers(5, 9))

    hanzi = _train(["中国人", "中国", "人民", "国人", "人民币"], [4, 6, 5, 3, 2], 6)
    lone = _letters(rng, 2)
    return [
        Case(
            "toy merges, lowest",
            {"word": "lowest", "merges": toy},
            note=Note(
                "the 10 merges learned on low/lower/newest/widest (5, 2, 6, 3); lowest is "
                "not in that corpus",
                "用 low/lower/newest/widest（5, 2, 6, 3）学到的 10 条合并；lowest 不在语料里",
            ),
        ),
        Case(
            "a later merge creates an earlier-ranked pair",
            {"word": "abc", "merges": [("ab", "c"), ("a", "b")]},
            note=Note(
                "(a, b) is the only pair present at first; once merged, (ab, c) of rank 0 "
                "appears and must be applied too",
                "一开始只有 (a, b) 在词里；合并后出现了 rank 0 的 (ab, c)，也要应用",
            ),
        ),
        Case(
            "longest match is not merge order",
            {"word": "abc", "merges": [("b", "c"), ("a", "b")]},
            note=Note(
                "(b, c) has the lower rank, so a bc </w>, although ab is also in the vocabulary",
                "(b, c) 的 rank 更小，所以是 a bc </w>，尽管 ab 也在词表里",
            ),
        ),
        Case("drawn corpus, a word of it", {"word": seen, "merges": learned}, hidden=True),
        Case("drawn corpus, an unseen word", {"word": unseen, "merges": learned}, hidden=True),
        Case("merges in shuffled order", {"word": seen, "merges": shuffled}, hidden=True),
        Case(
            "later merges create earlier-ranked pairs",
            {"word": later_word, "merges": later},
            hidden=True,
        ),
        Case(
            "longest match differs from merge order",
            {"word": longest_word, "merges": longest},
            hidden=True,
        ),
        Case("a run of one letter", {"word": run_word, "merges": run}, hidden=True),
        Case("Chinese", {"word": "中国人民币", "merges": hanzi}, hidden=True),
        Case(
            "one-letter word",
            {"word": lone[0], "merges": [(lone[1], END), (lone[0], END)]},
            hidden=True,
        ),
        Case("no merges", {"word": "".join(_letters(rng, 4)), "merges": []}, hidden=True),
    ]
