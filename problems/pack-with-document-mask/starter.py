import torch


def pack_documents(docs, max_len, pad_id=0):
    """Pack documents into one training row of max_len tokens.

    docs: list of 1-D int64 tensors (each length >= 1), concatenated in order, cut at
        max_len, padded with pad_id. Every pad counts as a one-token document of its own.
    Returns:
        input_ids [max_len] int64
        labels [max_len] int64: input_ids[t + 1] when t and t + 1 are in one document,
            else -100 (already shifted)
        position_ids [max_len] int64: 0, 1, 2, ... restarting at each document (pads: 0)
        attention_mask [max_len, max_len] bool: True where key j <= query i and both are
            in the same document
    """
    # TODO: concatenate, cut and pad; track each position's document
    # TODO: labels, position ids and the block-diagonal causal mask
    input_ids = torch.full((max_len,), pad_id, dtype=torch.long)
    labels = torch.full((max_len,), -100, dtype=torch.long)
    position_ids = torch.zeros(max_len, dtype=torch.long)
    attention_mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    return input_ids, labels, position_ids, attention_mask
