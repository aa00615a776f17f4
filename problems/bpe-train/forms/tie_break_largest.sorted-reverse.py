# Wrong: sorts (count, pair) in reverse and takes the first, so among equal counts the
# largest pair comes first instead of the smallest.


def train_bpe(words, counts, num_merges):
    corpus = [list(w) + ["</w>"] for w in words]
    merges = []
    for _ in range(num_merges):
        freq = {}
        for s, c in zip(corpus, counts, strict=False):
            for i in range(len(s) - 1):
                freq[s[i], s[i + 1]] = freq.get((s[i], s[i + 1]), 0) + c
        ranked = sorted(((n, p) for p, n in freq.items() if n > 0), reverse=True)
        if not ranked:
            break
        best = ranked[0][1]
        merges.append(best)
        for w, s in enumerate(corpus):
            out, i = [], 0
            while i < len(s):
                if tuple(s[i : i + 2]) == best:
                    out.append(s[i] + s[i + 1])
                    i += 2
                else:
                    out.append(s[i])
                    i += 1
            corpus[w] = out
    return merges
