import torch


def sliding_window_attention(q, k, v, window):
    """Causal sliding-window attention.

    q, k, v: [B, H, L, d]. Query i attends to keys j with i - window < j <= i
    (itself and the window - 1 positions before it). Scale 1/sqrt(d).
    Returns [B, H, L, d].
    """
    # TODO: build the band mask, scale the scores, mask them, softmax over the keys
    return torch.zeros_like(q)
