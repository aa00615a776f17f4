"""Walk the merge list in rank order and apply the first merge that is present; then start
again from the top, because the merge may have created a pair of a lower rank. The first
present merge in list order is the present pair of lowest rank, so this is the same rule
written without a rank table."""


def bpe_encode(word, merges):
    symbols = list(word) + ["</w>"]
    changed = True
    while changed:
        changed = False
        for a, b in merges:
            hit = any(symbols[i] == a and symbols[i + 1] == b for i in range(len(symbols) - 1))
            if not hit:
                continue
            out, i = [], 0
            while i < len(symbols):
                if symbols[i : i + 2] == [a, b]:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(symbols[i])
                    i += 1
            symbols = out
            changed = True
            break  # back to the lowest rank
    return symbols
