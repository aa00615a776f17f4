"""Adapted from Andrej Karpathy's minbpe, `minbpe/basic.py` (`BasicTokenizer.train`) and
the helpers `get_stats` / `merge` of `minbpe/base.py` (read 2026-12).

minbpe is byte-level: it trains on one text's UTF-8 bytes, mints integer ids 256, 257, ...
and keeps `merges = {(int, int): int}`. Changed for this contract: the symbols are strings
(characters plus "</w>") and a merge mints the string a + b; there is one id list per word
and `get_stats` adds the word's count instead of 1 (minbpe's `counts=` argument is the
running dict); the best pair is the highest count with the smallest pair on ties (minbpe's
`max(stats, key=stats.get)` keeps the first pair it counted); it stops when no pair has a
positive count; the merges are returned in order.
"""


def get_stats(ids, counts=None, weight=1):
    counts = {} if counts is None else counts
    for pair in zip(ids, ids[1:], strict=False):  # iterate consecutive elements
        counts[pair] = counts.get(pair, 0) + weight
    return counts


def merge(ids, pair, idx):
    newids = []
    i = 0
    while i < len(ids):
        if i < len(ids) - 1 and ids[i] == pair[0] and ids[i + 1] == pair[1]:
            newids.append(idx)
            i += 2
        else:
            newids.append(ids[i])
            i += 1
    return newids


def train_bpe(words, counts, num_merges):
    chunks = [list(w) + ["</w>"] for w in words]
    merges = {}  # (str, str) -> str, in insertion order
    for _ in range(num_merges):
        stats = {}
        for chunk_ids, freq in zip(chunks, counts, strict=False):
            get_stats(chunk_ids, stats, freq)
        stats = {p: n for p, n in stats.items() if n > 0}
        if not stats:
            break
        pair = min(stats, key=lambda p: (-stats[p], p))
        idx = pair[0] + pair[1]
        chunks = [merge(chunk_ids, pair, idx) for chunk_ids in chunks]
        merges[pair] = idx
    return list(merges)
