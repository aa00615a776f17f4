"""d2l.ai's sequence_mask comparison (float arange < valid_len), reshaped for 4-D scores."""

import torch


def sequence_mask(X_len, maxlen):
    """Mask irrelevant entries in sequences."""
    mask = (
        torch.arange((maxlen), dtype=torch.float32, device=X_len.device)[None, :] < X_len[:, None]
    )
    return mask


def padding_mask(valid_lens, max_len):
    return sequence_mask(valid_lens, max_len).unsqueeze(1).unsqueeze(2)
