# Wrong: marks every boundary where the pair occurs, overlapping ones included, and removes
# them all at once: a run of the pair's symbol becomes a single symbol.


def bpe_encode(word, merges):
    order = {}
    for r, (a, b) in enumerate(merges):
        order.setdefault((a, b), r)
    tokens = list(word) + ["</w>"]
    while True:
        ranked = [
            order[tokens[i], tokens[i + 1]]
            for i in range(len(tokens) - 1)
            if (tokens[i], tokens[i + 1]) in order
        ]
        if not ranked:
            return tokens
        pair = merges[min(ranked)]
        glue = [(tokens[i], tokens[i + 1]) == tuple(pair) for i in range(len(tokens) - 1)]
        text = tokens[0]
        for i, g in enumerate(glue):
            text += ("" if g else "\0") + tokens[i + 1]
        tokens = text.split("\0")
