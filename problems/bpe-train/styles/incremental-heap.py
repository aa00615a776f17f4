"""Incremental statistics with a heap, the idea behind subword-nmt's `learn_bpe.py`
(an index from each pair to the words that hold it, and counts updated only for the words a
merge touches) and behind fast trainers in general. The heap holds (-count, pair), so its
top is the highest count and, on ties, the smallest pair; entries whose count has changed
since they were pushed are skipped when they come up (lazy deletion). learn_bpe.py itself
breaks ties with max(stats, key=lambda x: (stats[x], x)), the largest pair; this contract
wants the smallest, which the (-count, pair) heap order gives."""

import heapq
from collections import Counter, defaultdict


def _pairs(symbols):
    return Counter(zip(symbols, symbols[1:], strict=False))


def _merge(symbols, pair):
    out, i = [], 0
    while i < len(symbols):
        if symbols[i : i + 2] == list(pair):
            out.append(pair[0] + pair[1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def train_bpe(words, counts, num_merges):
    corpus = [list(w) + ["</w>"] for w in words]
    stats = Counter()
    where = defaultdict(set)  # pair -> ids of the words that may hold it
    for w, symbols in enumerate(corpus):
        for pair, n in _pairs(symbols).items():
            stats[pair] += n * counts[w]
            where[pair].add(w)
    heap = [(-n, pair) for pair, n in stats.items() if n > 0]
    heapq.heapify(heap)
    merges = []
    while heap and len(merges) < num_merges:
        neg, best = heapq.heappop(heap)
        if -neg != stats[best]:
            continue  # stale entry
        merges.append(best)
        changed = set()
        for w in sorted(where.pop(best)):
            before = _pairs(corpus[w])
            corpus[w] = _merge(corpus[w], best)
            after = _pairs(corpus[w])
            for pair in before | after:
                delta = (after[pair] - before[pair]) * counts[w]
                if delta:
                    stats[pair] += delta
                    changed.add(pair)
                if after[pair]:
                    where[pair].add(w)
        for pair in changed:
            if stats[pair] > 0:
                heapq.heappush(heap, (-stats[pair], pair))
    return merges
