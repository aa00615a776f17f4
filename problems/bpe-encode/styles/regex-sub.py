"""Symbols joined by spaces and merged with a regex, as in Sennrich et al. (2016)'s
`merge_vocab`: the lookarounds (?<!\\S) and (?!\\S) make the pattern match whole symbols
only, and re.sub replaces non-overlapping matches left to right. The pair to merge is the
present one of lowest rank."""

import re


def bpe_encode(word, merges):
    rank = {}
    for i, (a, b) in enumerate(merges):
        rank.setdefault((a, b), i)
    text = " ".join([*word, "</w>"])
    while True:
        symbols = text.split(" ")
        present = {p for p in zip(symbols, symbols[1:], strict=False) if p in rank}
        if not present:
            return symbols
        a, b = min(present, key=rank.__getitem__)
        pattern = r"(?<!\S)" + re.escape(a) + " " + re.escape(b) + r"(?!\S)"
        text = re.sub(pattern, lambda _m, ab=a + b: ab, text)
