import torch


def apply_rope_interleaved(x, base=10000.0):
    """Rotary position embedding, neighbouring pairs (RoFormer / Meta LLaMA).

    x: [..., L, d] with d even; position p = 0..L-1 runs along dim -2.
    Returns a tensor of x's shape and dtype.
    """
    # TODO: rotate (x[..., 2i], x[..., 2i+1]) at position p by the angle p * base^(-2i/d)
    return torch.clone(x)
