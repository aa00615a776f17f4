# Wrong: builds a trie of the vocabulary and emits the longest match at each position,
# ignoring the order of the merges.


def bpe_encode(word, merges):
    units = list(word) + ["</w>"]
    trie = {}
    for token in [*units, *(a + b for a, b in merges)]:
        node = trie
        for ch in token:
            node = node.setdefault(ch, {})
        node["$"] = True
    text = "".join(units)
    out, i = [], 0
    while i < len(text):
        node, j, best = trie, i, i + 1
        while j < len(text) and text[j] in node:
            node = node[text[j]]
            j += 1
            if "$" in node:
                best = j
        out.append(text[i:best])
        i = best
    return out
