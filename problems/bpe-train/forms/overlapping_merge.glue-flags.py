# Wrong: finds every boundary where the pair occurs first, overlapping ones included, then
# removes all of them at once: a run of the pair's symbol is glued into one symbol.


def train_bpe(words, counts, num_merges):
    corpus = [[*w, "</w>"] for w in words]
    merges = []
    while len(merges) < num_merges:
        freq = {}
        for symbols, c in zip(corpus, counts, strict=False):
            for i in range(len(symbols) - 1):
                key = (symbols[i], symbols[i + 1])
                freq[key] = freq.get(key, 0) + c
        live = sorted((-n, k) for k, n in freq.items() if n > 0)
        if not live:
            break
        best = live[0][1]
        merges.append(best)
        for w, symbols in enumerate(corpus):
            glue = [(symbols[i], symbols[i + 1]) == best for i in range(len(symbols) - 1)]
            text = symbols[0]
            for i, g in enumerate(glue):
                text += ("" if g else "\0") + symbols[i + 1]
            corpus[w] = text.split("\0")
    return merges
