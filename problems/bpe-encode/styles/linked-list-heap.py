"""A linked list of symbols with a heap of candidate merges keyed on (rank, position), as
in Hugging Face tokenizers' `Word::merge_all` (`tokenizers/src/models/bpe/word.rs`, read
2026-12): pop the lowest rank, leftmost first, skip entries whose symbols have changed,
merge, and push the pairs the new symbol forms with its neighbours.

Changed: `merge_all` pushes those new pairs at once, so on a merge list that is not a
training history a new pair of lower rank can be merged before the other occurrences of
the current one ([(ab, a), (a, b)] on "abab" gives aba b there, ab ab here). Here all
occurrences of one rank are taken as a batch, left to right, and the new pairs wait until
the batch is done, which is the rank rule of GPT-2's loop. For trained merges the two agree.
"""

import heapq


def bpe_encode(word, merges):
    rank = {}
    for i, pair in enumerate(merges):
        rank.setdefault(tuple(pair), i)
    sym = [*word, "</w>"]
    n = len(sym)
    nxt = list(range(1, n)) + [-1]
    prv = list(range(-1, n - 1))
    alive = [True] * n

    def candidate(i):
        j = nxt[i]
        if j != -1 and (sym[i], sym[j]) in rank:
            return (rank[sym[i], sym[j]], i)
        return None

    heap = [c for i in range(n) if (c := candidate(i))]
    heapq.heapify(heap)
    while heap:
        r = heap[0][0]
        batch = []
        while heap and heap[0][0] == r:
            batch.append(heapq.heappop(heap)[1])
        later = []
        for i in sorted(set(batch)):
            j = nxt[i] if alive[i] else -1
            if j == -1 or rank.get((sym[i], sym[j])) != r:
                continue  # stale: this occurrence was used by an earlier merge
            sym[i] += sym[j]
            alive[j] = False
            nxt[i] = nxt[j]
            if nxt[j] != -1:
                prv[nxt[j]] = i
            for k in (prv[i], i):
                if k != -1 and (c := candidate(k)):
                    later.append(c)
        for c in later:
            heapq.heappush(heap, c)
    return [sym[i] for i in range(n) if alive[i]]
