import torch


def apply_rope(x, base=10000.0):
    """Rotary position embedding, half-split pairing (GPT-NeoX / Hugging Face LLaMA).

    x: [..., L, d] with d even; position p = 0..L-1 runs along dim -2.
    Returns a tensor of x's shape and dtype.
    """
    # TODO: angles p * base^(-2i/d), then x * cos + rotate_half(x) * sin
    return torch.clone(x)
