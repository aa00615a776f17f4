# Wrong: greedy longest match against the vocabulary of merged symbols (WordPiece's way),
# instead of applying the merges by rank.


def bpe_encode(word, merges):
    symbols = list(word) + ["</w>"]
    vocab = set(symbols) | {a + b for a, b in merges}
    out, start = [], 0
    while start < len(symbols):
        end = len(symbols)
        while end > start + 1 and "".join(symbols[start:end]) not in vocab:
            end -= 1
        out.append("".join(symbols[start:end]))
        start = end
    return out
