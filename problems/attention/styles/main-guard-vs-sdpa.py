"""A hand-written attention plus the self-check people put under `if __name__ == "__main__":`,
comparing against F.scaled_dot_product_attention. The check never runs on import; attention()
itself does not use the built-in."""

import math

import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v


if __name__ == "__main__":
    q, k, v = torch.randn(2, 4, 5, 8), torch.randn(2, 4, 7, 8), torch.randn(2, 4, 7, 8)
    mask = torch.rand(2, 1, 5, 7) > 0.3
    mask[..., 0] = True
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    assert torch.allclose(attention(q, k, v, mask), expected, atol=1e-5)
    print("matches F.scaled_dot_product_attention")
