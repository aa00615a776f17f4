# Wrong: masked_fill fills where the mask is True, i.e. it zeroes the entries it should keep.
def inverted_dropout(x, keep_mask, p, training=True):
    if not training:
        return x
    return x.masked_fill(keep_mask, 0.0) / (1 - p)
