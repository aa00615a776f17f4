"""Adapted from the Hugging Face LLM course, chapter 6 section 5 "Byte-Pair Encoding
tokenization" (`chapters/en/chapter6/5.mdx` in huggingface/course, read 2026-12): a
`word_freqs` dict, `splits = {word: [c for c in word]}`, `compute_pair_freqs(splits)` and
`merge_pair(a, b, splits)`, whose while loop replaces the pair by slicing and does not move
on after a merge (the merged symbol is then compared with the next one).

Changed: the course works on GPT-2 pre-tokens (a leading 'Ġ' for the space) with no end
marker; here each split ends with "</w>". The course keeps the first pair with the highest
count (`max_freq < freq`); here a tie goes to the smaller pair. Training stops when no pair
has a positive count instead of at a vocabulary size, and returns the merges as a list.
"""

from collections import defaultdict


def compute_pair_freqs(splits, word_freqs):
    pair_freqs = defaultdict(int)
    for word, freq in word_freqs.items():
        split = splits[word]
        if len(split) == 1:
            continue
        for i in range(len(split) - 1):
            pair = (split[i], split[i + 1])
            pair_freqs[pair] += freq
    return pair_freqs


def merge_pair(a, b, splits, word_freqs):
    for word in word_freqs:
        split = splits[word]
        if len(split) == 1:
            continue
        i = 0
        while i < len(split) - 1:
            if split[i] == a and split[i + 1] == b:
                split = split[:i] + [a + b] + split[i + 2 :]
            else:
                i += 1
        splits[word] = split
    return splits


def train_bpe(words, counts, num_merges):
    word_freqs = dict(zip(words, counts, strict=False))
    splits = {word: [c for c in word] + ["</w>"] for word in word_freqs}
    merges = {}
    while len(merges) < num_merges:
        pair_freqs = compute_pair_freqs(splits, word_freqs)
        best_pair = None
        max_freq = 0
        for pair, freq in pair_freqs.items():
            if freq > max_freq or (freq == max_freq and freq > 0 and pair < best_pair):
                best_pair = pair
                max_freq = freq
        if best_pair is None:
            break
        splits = merge_pair(*best_pair, splits, word_freqs)
        merges[best_pair] = best_pair[0] + best_pair[1]
    return list(merges)
