# Wrong: str.replace on the space-joined symbols also matches inside a longer symbol:
# with the pair (a, b</w>), "xa b</w>" becomes "xab</w>".
from collections import defaultdict


def train_bpe(words, counts, num_merges):
    vocab = {" ".join(list(w) + ["</w>"]): c for w, c in zip(words, counts, strict=False)}
    merges = []
    for _ in range(num_merges):
        stats = defaultdict(int)
        for word, c in vocab.items():
            sym = word.split(" ")
            for pair in zip(sym, sym[1:], strict=False):
                stats[pair] += c
        stats = {p: n for p, n in stats.items() if n > 0}
        if not stats:
            break
        a, b = min(stats, key=lambda p: (-stats[p], p))
        merges.append((a, b))
        vocab = {word.replace(f"{a} {b}", a + b): c for word, c in vocab.items()}
    return merges
