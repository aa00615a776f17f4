"""Adapted from Rico Sennrich's subword-nmt, `subword_nmt/apply_bpe.py`, function `encode`
(read 2026-12): `bpe_codes` maps a pair to its rank, built from the reversed enumeration so a
repeated code keeps its first rank; each round lists (rank, position, pair) for the pairs
that are codes, takes `min(pairs)[2]`, collects the positions of that bigram and rebuilds the
word, skipping a position that starts before the current one ("x x x -> xx x").

Changed: only the version 0.1 start (`list(orig) + ['</w>']`, the end marker as a separate
symbol; version 0.2 glues it to the last character); no cache, glossaries, dropout or
vocabulary check, and the final "</w>" is kept instead of being stripped for printing.
"""


def bpe_encode(word, merges):
    bpe_codes = dict(
        [(tuple(code), i) for (i, code) in reversed(list(enumerate(merges)))]  # noqa: C404
    )
    word = list(word) + ["</w>"]
    while len(word) > 1:
        # list of symbol pairs that are codes
        pairs = [
            (bpe_codes[pair], i, pair)
            for (i, pair) in enumerate(zip(word, word[1:], strict=False))
            if pair in bpe_codes
        ]
        if not pairs:
            break
        # first merge operation in the list of codes
        bigram = min(pairs)[2]
        positions = [i for (rank, i, pair) in pairs if pair == bigram]
        i = 0
        new_word = []
        bigram = "".join(bigram)
        for j in positions:
            # merges are invalid if they start before the current position: x x x -> xx x
            if j < i:
                continue
            new_word.extend(word[i:j])
            new_word.append(bigram)
            i = j + 2
        new_word.extend(word[i:])
        word = new_word
    return word
