# Wrong: masked_fill for the drop, then a division by p.
def inverted_dropout(x, keep_mask, p, training=True):
    if training:
        return x.masked_fill(keep_mask.logical_not(), 0) / p
    return x
