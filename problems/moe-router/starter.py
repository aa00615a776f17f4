import torch


def moe_router(logits, k):
    """logits: float [T, E] router scores; k: experts per token.

    Returns (weights, indices): weights float [T, k], each row summing to 1;
    indices int64 [T, k], the chosen experts, highest logit first.
    """
    # TODO: pick the k largest logits of each token, then a softmax over those k only
    T = logits.shape[0]
    indices = torch.arange(k).expand(T, k)
    weights = torch.full((T, k), 1.0 / k, dtype=logits.dtype)
    return weights, indices
