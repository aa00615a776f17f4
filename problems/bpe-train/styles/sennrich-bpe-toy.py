"""Adapted from Rico Sennrich's subword-nmt, `bpe_toy.py` (the code printed in Sennrich,
Haddow and Birch 2016, Algorithm 1; read 2026-12): the vocabulary is a dict from
space-joined symbols ('l o w </w>') to counts, `get_stats` sums the counts of adjacent
pairs, and `merge_vocab` rewrites every key with a regex whose lookarounds (?<!\\S) and
(?!\\S) only match whole symbols. re.sub scans left to right and never reuses what it
matched, which is the non-overlapping merge.

Changed: the vocabulary is built from `words`/`counts`; the best pair is the highest count
with the smallest pair on ties (bpe_toy's `max(pairs, key=pairs.get)` keeps the first one
it meets); it stops when no pair has a positive count (bpe_toy stops below 2); the merges
are returned instead of printed.
"""

import collections
import re


def get_stats(vocab):
    pairs = collections.defaultdict(int)
    for word, freq in vocab.items():
        symbols = word.split()
        for i in range(len(symbols) - 1):
            pairs[symbols[i], symbols[i + 1]] += freq
    return pairs


def merge_vocab(pair, v_in):
    v_out = {}
    bigram = re.escape(" ".join(pair))
    p = re.compile(r"(?<!\S)" + bigram + r"(?!\S)")
    for word in v_in:
        w_out = p.sub("".join(pair), word)
        v_out[w_out] = v_in[word]
    return v_out


def train_bpe(words, counts, num_merges):
    vocab = {" ".join(list(w) + ["</w>"]): f for w, f in zip(words, counts, strict=False)}
    merges = []
    for _ in range(num_merges):
        pairs = get_stats(vocab)
        pairs = {k: v for k, v in pairs.items() if v > 0}
        if not pairs:
            break
        best = min(pairs, key=lambda k: (-pairs[k], k))
        vocab = merge_vocab(best, vocab)
        merges.append(best)
    return merges
