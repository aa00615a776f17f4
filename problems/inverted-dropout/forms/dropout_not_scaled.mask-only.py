# Wrong: drops the entries but forgets to rescale the survivors (classic, non-inverted dropout).
def inverted_dropout(x, keep_mask, p, training=True):
    if not training:
        return x
    return x * keep_mask
