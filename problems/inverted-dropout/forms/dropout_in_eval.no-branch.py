# Wrong: `training` is never read, so eval mode still drops and rescales.
def inverted_dropout(x, keep_mask, p, training=True):
    return x * keep_mask / (1 - p)
