import torch


def padding_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    """Key padding mask [B, 1, 1, max_len]: True on real tokens, False on padding."""
    positions = torch.arange(max_len, device=lengths.device)  # [max_len]
    # Sequence b holds real tokens at 0 .. lengths[b]-1, so the test is a strict <.
    mask = positions[None, :] < lengths[:, None]  # [1, max_len] vs [B, 1] -> [B, max_len]
    # Singleton head and query axes: one key mask broadcasts over scores [B, h, Lq, Lk].
    return mask[:, None, None, :]  # [B, 1, 1, max_len]
