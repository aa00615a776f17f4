# Wrong: splits the joined word on "a b" and rejoins with "ab": the match can start or
# end inside a longer symbol ("xa b</w>" holds "a b</w>").


def train_bpe(words, counts, num_merges):
    words_sp = [" ".join(w) + " </w>" for w in words]
    merges = []
    for _ in range(num_merges):
        pair_counts = {}
        for text, c in zip(words_sp, counts, strict=False):
            parts = text.split()
            for left, right in zip(parts, parts[1:], strict=False):
                pair_counts[left, right] = pair_counts.get((left, right), 0) + c
        best = None
        for p, n in pair_counts.items():
            if n > 0 and (best is None or (-n, p) < (-pair_counts[best], best)):
                best = p
        if best is None:
            break
        merges.append(best)
        needle = best[0] + " " + best[1]
        words_sp = [(best[0] + best[1]).join(t.split(needle)) for t in words_sp]
    return merges
