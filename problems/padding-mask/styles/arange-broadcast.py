"""One broadcast comparison straight into 4-D:
arange[None, None, None, :] < lengths[:, None, None, None]."""

import torch


def padding_mask(lengths: torch.LongTensor, max_len: int) -> torch.BoolTensor:
    positions = torch.arange(max_len, device=lengths.device)
    return positions[None, None, None, :] < lengths[:, None, None, None]
