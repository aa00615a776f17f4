# Wrong: the regex deletes the space between a and b but only looks ahead at b, so the b
# can start the next match: "a a a" with (a, a) becomes "aaa" instead of "aa a".
import re
from collections import defaultdict


def train_bpe(words, counts, num_merges):
    vocab = {" ".join([*w, "</w>"]): c for w, c in zip(words, counts, strict=False)}
    merges = []
    for _ in range(num_merges):
        pairs = defaultdict(int)
        for word, freq in vocab.items():
            sym = word.split()
            for i in range(len(sym) - 1):
                pairs[sym[i], sym[i + 1]] += freq
        pairs = {k: v for k, v in pairs.items() if v > 0}
        if not pairs:
            break
        a, b = min(pairs, key=lambda k: (-pairs[k], k))
        pattern = re.compile(r"(?<!\S)(" + re.escape(a) + r") (?=" + re.escape(b) + r"(?!\S))")
        vocab = {pattern.sub(r"\1", word): freq for word, freq in vocab.items()}
        merges.append((a, b))
    return merges
