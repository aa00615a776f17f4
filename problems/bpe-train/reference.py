"""Trusted reference for bpe-train: BPE merges learned from a weighted word list.

Every word starts as its characters plus the symbol "</w>". A step counts every adjacent
pair of symbols (overlapping positions included: "a a a" holds two (a, a)), weighted by the
word's count, merges the pair with the highest count (ties: the smallest pair in Python's
tuple order) into one symbol, non-overlapping and left to right, and records it. It stops
after num_merges steps or when no pair has a positive count.
"""

END = "</w>"


def _merge(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    """Replace the occurrences of `pair` left to right, never reusing a symbol."""
    a, b = pair
    out: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
            out.append(a + b)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def train_bpe(words: list[str], counts: list[int], num_merges: int) -> list[tuple[str, str]]:
    """The merges, in the order they are learned."""
    corpus = [[*word, END] for word in words]
    weights = [int(c) for c in counts]
    merges: list[tuple[str, str]] = []
    for _ in range(num_merges):
        stats: dict[tuple[str, str], int] = {}
        for symbols, weight in zip(corpus, weights, strict=True):
            for pair in zip(symbols, symbols[1:], strict=False):
                stats[pair] = stats.get(pair, 0) + weight
        candidates = [(-n, pair) for pair, n in stats.items() if n > 0]
        if not candidates:
            break
        best = min(candidates)[1]
        merges.append(best)
        corpus = [_merge(symbols, best) for symbols in corpus]
    return merges
