"""The compact interview version: words as tuples of symbols, a `collections.Counter` of
`itertools.pairwise` pairs weighted by the counts, and the best pair chosen by one `min`
over (-count, pair), so the smaller pair wins a tie."""

from collections import Counter
from itertools import pairwise


def _merge(symbols, a, b):
    out = []
    it = iter(range(len(symbols)))
    for i in it:
        if symbols[i] == a and i + 1 < len(symbols) and symbols[i + 1] == b:
            out.append(a + b)
            next(it, None)  # skip the right half of the pair
        else:
            out.append(symbols[i])
    return tuple(out)


def train_bpe(words, counts, num_merges):
    vocab = Counter()
    for word, count in zip(words, counts, strict=False):
        vocab[(*word, "</w>")] += count
    merges = []
    while len(merges) < num_merges:
        stats = Counter()
        for symbols, count in vocab.items():
            for pair in pairwise(symbols):
                stats[pair] += count
        live = [(-n, pair) for pair, n in stats.items() if n > 0]
        if not live:
            break
        _, (a, b) = min(live)
        merges.append((a, b))
        vocab = Counter({_merge(s, a, b): n for s, n in vocab.items()})
    return merges
