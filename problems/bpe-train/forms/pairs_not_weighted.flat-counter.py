# Wrong: counts pairs over the list of words as if each word occurred once; `counts` unused.
from collections import Counter


def train_bpe(words, counts, num_merges):
    corpus = [list(w) + ["</w>"] for w in words]
    merges = []
    for _ in range(num_merges):
        stats = Counter(p for s in corpus for p in zip(s, s[1:], strict=False))
        if not stats:
            break
        best = min(stats, key=lambda p: (-stats[p], p))
        merges.append(best)
        new_corpus = []
        for s in corpus:
            out, i = [], 0
            while i < len(s):
                if i + 1 < len(s) and (s[i], s[i + 1]) == best:
                    out.append(s[i] + s[i + 1])
                    i += 2
                else:
                    out.append(s[i])
                    i += 1
            new_corpus.append(out)
        corpus = new_corpus
    return merges
