"""The value head `reward-model-loss` hands your code: an `nn.Linear(d, 1)` with fixed weights.

Not the reference: it is the scalar head a reward model puts on top of its LM backbone
(`score` in Hugging Face's sequence-classification models, `value_head` in OpenRLHF).
Each case builds one from its own weights, as `value_head(weight=..., bias=...)`.
"""

import torch
from torch import nn


def value_head(weight: torch.Tensor, bias: torch.Tensor) -> nn.Linear:
    """nn.Linear(d, 1) holding `weight` [1, d] and `bias` [1] (float32)."""
    head = nn.Linear(weight.shape[1], 1)
    with torch.no_grad():
        head.weight.copy_(weight)
        head.bias.copy_(bias)
    return head
