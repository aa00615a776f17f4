# Wrong: the Hugging Face course's `tokenize`: walks the merges once in order, so a pair of
# an earlier rank created by a later merge is never merged.


def bpe_encode(word, merges):
    merges = {tuple(pair): pair[0] + pair[1] for pair in merges}
    split = [ch for ch in word] + ["</w>"]
    for pair, merge in merges.items():
        i = 0
        while i < len(split) - 1:
            if split[i] == pair[0] and split[i + 1] == pair[1]:
                split = split[:i] + [merge] + split[i + 2 :]
            else:
                i += 1
    return split
