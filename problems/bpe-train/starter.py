def train_bpe(words, counts, num_merges):
    """Learn BPE merges from a weighted word list.

    words: list[str], distinct words; counts: list[int], how often each occurs (>= 0);
    num_merges: int, the most merges to learn.
    Returns: list of (a, b) pairs of symbols, in the order they were merged.
    """
    # TODO: split every word into its characters followed by "</w>"
    # TODO: count adjacent pairs, weighted by counts; pick the highest (ties: smallest pair)
    # TODO: merge that pair everywhere, left to right without overlap; record it; repeat
    return []
