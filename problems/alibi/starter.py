import torch


def alibi_bias(num_heads, seq_len):
    """ALiBi bias m_h * (j - i), shape [num_heads, seq_len, seq_len].

    The causal mask is applied separately: return the bias for every (i, j).
    """
    # TODO: the head slopes m_h, then the signed distance j - i
    return torch.zeros(num_heads, seq_len, seq_len)
