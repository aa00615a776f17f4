"""Top-k routing of a mixture-of-experts layer, as in Mixtral: the k largest router logits
per token, and a softmax over those k only."""

import torch


def moe_router(logits: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    """logits: float [T, E]. Returns (weights float [T, k], indices int64 [T, k])."""
    top, indices = torch.topk(logits, k, dim=-1)  # [T, k] each, largest first
    weights = torch.softmax(top, dim=-1)  # [T, k], each row sums to 1
    return weights, indices
