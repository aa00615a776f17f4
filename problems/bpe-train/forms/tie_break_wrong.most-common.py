# Wrong: Counter.most_common(1) breaks ties by insertion order (the first pair counted),
# not by the smallest pair.
from collections import Counter


def train_bpe(words, counts, num_merges):
    vocab = [(list(w) + ["</w>"], c) for w, c in zip(words, counts, strict=False)]
    merges = []
    for _ in range(num_merges):
        stats = Counter()
        for symbols, c in vocab:
            for pair in zip(symbols, symbols[1:], strict=False):
                stats[pair] += c
        stats = Counter({p: n for p, n in stats.items() if n > 0})
        if not stats:
            break
        (a, b), _ = stats.most_common(1)[0]
        merges.append((a, b))
        new_vocab = []
        for symbols, c in vocab:
            out, i = [], 0
            while i < len(symbols):
                if symbols[i : i + 2] == [a, b]:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(symbols[i])
                    i += 1
            new_vocab.append((out, c))
        vocab = new_vocab
    return merges
