"""Trusted reference for bpe-encode: apply BPE merges to one word by rank.

The word starts as its characters plus "</w>". While some adjacent pair of symbols is one
of the merges, take the present pair of lowest rank (its index in `merges`), replace all
its occurrences left to right without overlap, and look again. This is the loop of GPT-2's
`encoder.py` `bpe()`, with "</w>" as the last symbol and no byte encoder.
"""

END = "</w>"


def bpe_encode(word: str, merges: list[tuple[str, str]]) -> list[str]:
    """The symbols of `word` once no merge applies."""
    ranks: dict[tuple[str, str], int] = {}
    for rank, (a, b) in enumerate(merges):
        ranks.setdefault((str(a), str(b)), rank)  # a repeated merge keeps its first rank
    symbols = [*word, END]
    while len(symbols) > 1:
        present = [ranks[p] for p in zip(symbols, symbols[1:], strict=False) if p in ranks]
        if not present:
            break
        a, b = merges[min(present)]
        out: list[str] = []
        i = 0
        while i < len(symbols):
            if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
                out.append(a + b)
                i += 2
            else:
                out.append(symbols[i])
                i += 1
        symbols = out
    return symbols
