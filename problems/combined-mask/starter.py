import torch


def combined_mask(lengths, max_len):
    """Decoder self-attention mask: causal and key padding together.

    lengths: LongTensor [B] of true sequence lengths (1 <= lengths[b] <= max_len).
    Returns a bool tensor [B, 1, max_len, max_len]: True where key j <= query i
    and j < lengths[b] (allowed).
    """
    # TODO: combine the causal mask with the key padding mask
    return torch.ones(lengths.shape[0], 1, max_len, max_len, dtype=torch.bool)
