# Wrong: one re.sub per merge, in list order, and never a second look.
import re


def bpe_encode(word, merges):
    text = " ".join(list(word) + ["</w>"])
    for a, b in merges:
        pattern = r"(?<!\S)" + re.escape(a) + " " + re.escape(b) + r"(?!\S)"
        text = re.sub(pattern, lambda _m, ab=a + b: ab, text)
    return text.split(" ")
