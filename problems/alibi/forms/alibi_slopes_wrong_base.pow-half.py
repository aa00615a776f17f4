# Wrong: m = 0.5 ** arange(1, H + 1), the 8-head slopes stretched to every head count.
import torch


def alibi_bias(num_heads, seq_len):
    m = 0.5 ** torch.arange(1, num_heads + 1, dtype=torch.float64)
    i = torch.arange(seq_len)[:, None]
    j = torch.arange(seq_len)[None, :]
    return (m.view(-1, 1, 1) * (j - i)).float()
