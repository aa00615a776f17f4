"""CS231n's inverted dropout (the "neural networks 2" notes): with p the probability of
*keeping* a unit, U1 = (np.random.rand(*H1.shape) < p) / p; H1 *= U1, and nothing at test
time. Here the keep probability is 1 - p of the contract and the mask is given."""


def inverted_dropout(H, keep_mask, p, training=True):
    keep_prob = 1.0 - p
    if not training:
        return H  # inverted dropout: test time is untouched
    U = keep_mask.to(H.dtype) / keep_prob  # the mask already carries the scale
    return H * U
