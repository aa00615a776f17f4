# Wrong: max over (count, pair) also maximises the pair, so a tie goes to the largest pair.
from collections import Counter


def train_bpe(words, counts, num_merges):
    vocab = {tuple(w) + ("</w>",): c for w, c in zip(words, counts, strict=False)}
    merges = []
    for _ in range(num_merges):
        stats = Counter()
        for sym, c in vocab.items():
            for pair in zip(sym, sym[1:], strict=False):
                stats[pair] += c
        stats = {p: n for p, n in stats.items() if n > 0}
        if not stats:
            break
        best, _ = max(stats.items(), key=lambda kv: (kv[1], kv[0]))
        merges.append(best)
        new_vocab = {}
        for sym, c in vocab.items():
            out, i = [], 0
            while i < len(sym):
                if i < len(sym) - 1 and (sym[i], sym[i + 1]) == best:
                    out.append(sym[i] + sym[i + 1])
                    i += 2
                else:
                    out.append(sym[i])
                    i += 1
            new_vocab[tuple(out)] = c
        vocab = new_vocab
    return merges
