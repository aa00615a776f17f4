import torch


def combined_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    positions = torch.arange(max_len)
    causal = positions[None, :] <= positions[:, None]  # [L, L]: key j <= query i
    real_keys = positions[None, :] < lengths[:, None]  # [B, L]: key j is not padding
    # Both must hold; padding lives on the key (last) axis, shared by every query row.
    mask = causal[None, :, :] & real_keys[:, None, :]  # [B, L, L]
    return mask.unsqueeze(1)  # [B, 1, L, L]: the head axis broadcasts
