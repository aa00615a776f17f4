# Wrong: the regex removes the space between a and b but only looks ahead at b, so that b
# can start the next match: "x x x" with (x, x) becomes "xxx".
import re


def bpe_encode(word, merges):
    rank = {}
    for i, (a, b) in enumerate(merges):
        rank.setdefault((a, b), i)
    text = " ".join([*word, "</w>"])
    while True:
        sym = text.split(" ")
        present = [p for p in zip(sym, sym[1:], strict=False) if p in rank]
        if not present:
            return sym
        a, b = min(present, key=rank.__getitem__)
        pattern = r"(?<!\S)(" + re.escape(a) + r") (?=" + re.escape(b) + r"(?!\S))"
        text = re.sub(pattern, r"\1", text)
