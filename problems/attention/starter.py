import torch


def attention(q, k, v, mask=None):
    """Scaled dot-product attention (differentiable).

    q: [..., Lq, dk], k: [..., Lk, dk], v: [..., Lk, dv]
    mask: None or bool tensor broadcastable to [..., Lq, Lk]; False = blocked.
    Returns: [..., Lq, dv]
    """
    # TODO: scores -> masked_fill -> softmax -> weighted sum of v
    return torch.zeros(*q.shape[:-1], v.shape[-1], dtype=q.dtype)
