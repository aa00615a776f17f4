# Wrong: the merge compares each symbol with its original left neighbour, so a run x x x
# with the pair (x, x) is glued into one symbol xxx instead of xx x.


def bpe_encode(word, merges):
    rank = {tuple(m): i for i, m in reversed(list(enumerate(merges)))}
    symbols = [*word, "</w>"]
    while len(symbols) > 1:
        present = [p for p in zip(symbols, symbols[1:], strict=False) if p in rank]
        if not present:
            break
        best = min(present, key=rank.get)
        out = [symbols[0]]
        for prev, cur in zip(symbols, symbols[1:], strict=False):
            if (prev, cur) == best:
                out[-1] = out[-1] + cur
            else:
                out.append(cur)
        symbols = out
    return symbols
