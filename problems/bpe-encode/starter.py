def bpe_encode(word, merges):
    """Split one word into BPE symbols.

    word: str, non-empty; merges: list of (a, b) pairs, rank = index in the list.
    Returns: list[str], the symbols, the last one ending with "</w>".
    """
    # TODO: start from the characters of `word` followed by "</w>"
    # TODO: repeatedly merge the adjacent pair of lowest rank (all its occurrences,
    #       left to right) until no adjacent pair is a merge
    return list(word)
