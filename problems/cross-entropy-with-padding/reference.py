"""Trusted reference: token-level mean cross-entropy over the positions that are not padding.

Equal to F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=...).
"""

import torch

from reference_impl.knobs import knob


def cross_entropy_with_padding(
    logits: torch.Tensor, targets: torch.Tensor, ignore_index: int = 0
) -> torch.Tensor:
    """Mean of -log softmax(logits)[target] over positions whose target != ignore_index."""
    seen = knob("softmax_seen")  # diagnosis: how large the logits are (softmax_unstable)
    if seen is not None:
        seen(logits.detach().numpy())
    log_probs = torch.log_softmax(logits, dim=-1)  # [B, L, V]
    keep = targets != ignore_index  # [B, L]
    picked = log_probs.gather(-1, targets.masked_fill(~keep, 0).unsqueeze(-1)).squeeze(-1)
    nll = -picked.masked_fill(~keep, 0.0)  # [B, L], 0 at padding
    return nll.sum() / keep.sum()
