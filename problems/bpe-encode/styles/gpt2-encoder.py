"""Adapted from OpenAI's GPT-2 `src/encoder.py` (`get_pairs` and `Encoder.bpe`, read
2026-12): the pairs of the word as a set, the bigram of lowest rank in `bpe_ranks` (pairs
that are no merge get rank infinity, so `bigram not in bpe_ranks` means done), then the
inner while loop that jumps to the next `first` with `word.index` and merges it when
`second` follows.

Changed: no byte encoder (GPT-2 first maps every UTF-8 byte to a printable character), no
cache, and no end-of-word symbol in GPT-2 (the space is glued to the front of the next word,
as 'Ġ'); here the word is its characters followed by "</w>", as in subword-nmt's version 0.1
codes. `bpe_ranks` keeps the first rank of a repeated merge (GPT-2's `dict(zip(...))` would
keep the last), and the symbols are returned as a list, not joined by spaces.
"""


def get_pairs(word):
    pairs = set()
    prev_char = word[0]
    for char in word[1:]:
        pairs.add((prev_char, char))
        prev_char = char
    return pairs


def bpe_encode(word, merges):
    bpe_ranks = {}
    for rank, merge in enumerate(merges):
        bpe_ranks.setdefault(tuple(merge), rank)
    word = tuple(word) + ("</w>",)
    pairs = get_pairs(word)
    while True:
        bigram = min(pairs, key=lambda pair: bpe_ranks.get(pair, float("inf")))
        if bigram not in bpe_ranks:
            break
        first, second = bigram
        new_word = []
        i = 0
        while i < len(word):
            try:
                j = word.index(first, i)
            except ValueError:
                new_word.extend(word[i:])
                break
            new_word.extend(word[i:j])
            i = j
            if word[i] == first and i < len(word) - 1 and word[i + 1] == second:
                new_word.append(first + second)
                i += 2
            else:
                new_word.append(word[i])
                i += 1
        word = tuple(new_word)
        if len(word) == 1:
            break
        pairs = get_pairs(word)
    return list(word)
