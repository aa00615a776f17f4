# Wrong: the merge compares each symbol with its original left neighbour, so in a run
# a a a with the pair (a, a) both boundaries are glued and the run becomes one symbol aaa.


def _merge(symbols, pair):
    out = [symbols[0]]
    for prev, cur in zip(symbols, symbols[1:], strict=False):
        if (prev, cur) == pair:
            out[-1] = out[-1] + cur
        else:
            out.append(cur)
    return out


def train_bpe(words, counts, num_merges):
    corpus = [list(w) + ["</w>"] for w in words]
    merges = []
    for _ in range(num_merges):
        stats = {}
        for s, c in zip(corpus, counts, strict=False):
            for p in zip(s, s[1:], strict=False):
                stats[p] = stats.get(p, 0) + c
        stats = {p: n for p, n in stats.items() if n > 0}
        if not stats:
            break
        best = min(stats, key=lambda p: (-stats[p], p))
        merges.append(best)
        corpus = [_merge(s, best) for s in corpus]
    return merges
