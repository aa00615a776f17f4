# Wrong: divides by p, the drop probability, instead of the keep probability 1 - p.
def inverted_dropout(x, keep_mask, p, training=True):
    if not training:
        return x
    return x * keep_mask / p
