# Wrong: divides by np.std(ddof=1) + eps: unbiased variance and eps outside the sqrt.


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    std = x.std(axis=-1, ddof=1, keepdims=True)
    return gamma * (x - mean) / (std + eps) + beta
