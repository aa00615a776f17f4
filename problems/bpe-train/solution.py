from itertools import pairwise


def train_bpe(words, counts, num_merges):
    corpus = [list(word) + ["</w>"] for word in words]  # characters, then the end marker
    merges = []
    for _ in range(num_merges):
        # Count adjacent pairs, each weighted by its word's count.
        stats = {}
        for symbols, count in zip(corpus, counts, strict=True):
            for pair in pairwise(symbols):  # (s0, s1), (s1, s2), ...
                stats[pair] = stats.get(pair, 0) + count
        stats = {pair: n for pair, n in stats.items() if n > 0}
        if not stats:
            break  # nothing left to merge
        # Highest count first; among equal counts the smallest pair (a, b).
        best = min(stats, key=lambda pair: (-stats[pair], pair))
        merges.append(best)
        a, b = best
        for w, symbols in enumerate(corpus):
            merged, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
                    merged.append(a + b)  # consume both symbols: no overlap
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            corpus[w] = merged
    return merges
