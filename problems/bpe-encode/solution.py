from itertools import pairwise


def bpe_encode(word, merges):
    rank = {}
    for i, pair in enumerate(merges):
        rank.setdefault(tuple(pair), i)  # a pair's rank is its index in `merges`
    symbols = list(word) + ["</w>"]
    while len(symbols) > 1:
        # The adjacent pair with the lowest rank, among those that are merges.
        pairs = [p for p in pairwise(symbols) if p in rank]
        if not pairs:
            break  # no merge applies any more
        a, b = min(pairs, key=rank.get)
        # Merge all its occurrences, left to right, never reusing a symbol.
        merged, i = [], 0
        while i < len(symbols):
            if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
                merged.append(a + b)
                i += 2
            else:
                merged.append(symbols[i])
                i += 1
        symbols = merged  # then look again: the merge may have made new pairs
    return symbols
