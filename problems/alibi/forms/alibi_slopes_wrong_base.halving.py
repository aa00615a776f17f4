# Wrong: slopes 1/2, 1/4, 1/8, ... for any number of heads (the ratio ignores num_heads).
import torch


def alibi_bias(num_heads, seq_len):
    slopes = torch.tensor([2.0 ** -(h + 1) for h in range(num_heads)])
    pos = torch.arange(seq_len, dtype=torch.float32)
    rel = pos[None, :] - pos[:, None]
    return slopes[:, None, None] * rel
