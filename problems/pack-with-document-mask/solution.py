import torch


def pack_documents(docs, max_len, pad_id=0):
    # Concatenate, cut at max_len, pad; remember which document each token came from.
    tokens = torch.cat(list(docs))[:max_len]
    doc = torch.cat([torch.full((len(x),), i) for i, x in enumerate(docs)])[:max_len]
    n_pad = max_len - tokens.numel()
    input_ids = torch.cat([tokens, torch.full((n_pad,), pad_id, dtype=torch.long)])
    # Each pad is a document of its own (ids after the real ones): it attends only to
    # itself, so its softmax row is never empty, and nothing else attends to it.
    doc = torch.cat([doc, len(docs) + torch.arange(n_pad)])  # [T]

    # Positions restart at 0 at every document (pads: 0), as if each were alone.
    starts = torch.ones(max_len, dtype=torch.bool)
    starts[1:] = doc[1:] != doc[:-1]
    idx = torch.arange(max_len)
    first = torch.cummax(torch.where(starts, idx, 0), dim=0).values  # start of my document
    position_ids = idx - first

    # Next-token targets, already shifted; never across a document boundary.
    labels = torch.full((max_len,), -100, dtype=torch.long)
    same = doc[1:] == doc[:-1]
    labels[:-1] = torch.where(same, input_ids[1:], -100)

    # Block-diagonal causal mask: same document and not in the future. True = may attend.
    attention_mask = (doc[:, None] == doc[None, :]) & (idx[None, :] <= idx[:, None])
    return input_ids, labels, position_ids, attention_mask
