"""Adapted from Andrej Karpathy's minbpe, `BasicTokenizer.encode` in `minbpe/basic.py`
with `get_stats` and `merge` from `minbpe/base.py` (read 2026-12): while there are two ids,
count the pairs, take `min(stats, key=lambda p: merges.get(p, inf))`, stop when that pair
is not a merge (the "subtle" comment in minbpe: every pair is then inf and min returns the
first), else merge it.

Changed: minbpe works on UTF-8 byte ids and `merges` maps (int, int) -> new id; here the
ids are strings (the characters plus "</w>"), `merges` maps a pair to its rank, and the new
symbol is the concatenation of the pair.
"""


def get_stats(ids, counts=None):
    counts = {} if counts is None else counts
    for pair in zip(ids, ids[1:], strict=False):
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def merge(ids, pair, idx):
    newids = []
    i = 0
    while i < len(ids):
        if ids[i] == pair[0] and i < len(ids) - 1 and ids[i + 1] == pair[1]:
            newids.append(idx)
            i += 2
        else:
            newids.append(ids[i])
            i += 1
    return newids


def bpe_encode(word, merges):
    ranks = {}
    for i, p in enumerate(merges):
        ranks.setdefault(tuple(p), i)
    ids = list(word) + ["</w>"]
    while len(ids) >= 2:
        stats = get_stats(ids)
        pair = min(stats, key=lambda p: ranks.get(p, float("inf")))
        if pair not in ranks:
            break  # nothing else can be merged anymore
        ids = merge(ids, pair, pair[0] + pair[1])
    return ids
