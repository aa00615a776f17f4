"""Plain loops and lists, no dict tricks: pairs and their counts in two parallel lists,
the best one found by an explicit comparison (higher count, then the smaller pair), and the
merge written as an index walk that jumps over both halves of a merged pair."""


def train_bpe(words, counts, num_merges):
    corpus = []
    for word in words:
        symbols = [ch for ch in word]
        symbols.append("</w>")
        corpus.append(symbols)
    merges = []
    for _ in range(num_merges):
        pairs, totals = [], []
        for w in range(len(corpus)):
            symbols = corpus[w]
            for i in range(len(symbols) - 1):
                pair = (symbols[i], symbols[i + 1])
                if pair in pairs:
                    totals[pairs.index(pair)] += counts[w]
                else:
                    pairs.append(pair)
                    totals.append(counts[w])
        best, best_total = None, 0
        for pair, total in zip(pairs, totals, strict=False):
            if total > best_total or (total == best_total and total > 0 and pair < best):
                best, best_total = pair, total
        if best is None:
            break
        merges.append(best)
        for w in range(len(corpus)):
            symbols, merged, i = corpus[w], [], 0
            while i < len(symbols):
                if i < len(symbols) - 1 and (symbols[i], symbols[i + 1]) == best:
                    merged.append(symbols[i] + symbols[i + 1])
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            corpus[w] = merged
    return merges
