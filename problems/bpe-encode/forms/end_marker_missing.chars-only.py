# Wrong: splits the word into characters and forgets the "</w>" symbol, so merges that
# involve the end of the word never apply.


def bpe_encode(word, merges):
    ranks = {tuple(m): r for r, m in reversed(list(enumerate(merges)))}
    tokens = list(word)
    while True:
        found = [
            (ranks[tokens[i], tokens[i + 1]], i)
            for i in range(len(tokens) - 1)
            if (tokens[i], tokens[i + 1]) in ranks
        ]
        if not found:
            return tokens
        a, b = merges[min(found)[0]]
        merged, i = [], 0
        while i < len(tokens):
            if i + 1 < len(tokens) and tokens[i] == a and tokens[i + 1] == b:
                merged.append(a + b)
                i += 2
            else:
                merged.append(tokens[i])
                i += 1
        tokens = merged
