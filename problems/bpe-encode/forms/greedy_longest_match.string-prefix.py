# Wrong: longest prefix of the remaining string that is a token, as in WordPiece; BPE
# segments by merge rank, which need not give the longest tokens.


def bpe_encode(word, merges):
    text = word + "</w>"
    tokens = {"".join(m) for m in merges} | set(word) | {"</w>"}
    longest = max(len(t) for t in tokens)
    pieces, i = [], 0
    while i < len(text):
        for length in range(min(longest, len(text) - i), 0, -1):
            if text[i : i + length] in tokens:
                pieces.append(text[i : i + length])
                i += length
                break
    return pieces
