"""Trusted reference: documents packed into one row of max_len tokens.

Every padding position is treated as a document of its own, one token long: position 0,
label -100, and it attends to itself only. The labels are the next-token targets, already
shifted: labels[t] = input_ids[t + 1] when t and t + 1 lie in the same document.
"""

import torch

IGNORE_INDEX = -100


def pack_documents(docs, max_len, pad_id=0):
    """(input_ids [T], labels [T], position_ids [T], attention_mask [T, T] bool), T = max_len."""
    input_ids = torch.full((max_len,), pad_id, dtype=torch.long)
    position_ids = torch.zeros(max_len, dtype=torch.long)
    doc_id = torch.empty(max_len, dtype=torch.long)
    cursor = 0
    for d, doc in enumerate(docs):
        if cursor >= max_len:
            break
        n = min(doc.numel(), max_len - cursor)  # the last document that fits may be cut
        input_ids[cursor : cursor + n] = doc[:n]
        position_ids[cursor : cursor + n] = torch.arange(n)
        doc_id[cursor : cursor + n] = d
        cursor += n
    doc_id[cursor:] = len(docs) + torch.arange(max_len - cursor)  # one id per pad

    labels = torch.full((max_len,), IGNORE_INDEX, dtype=torch.long)
    same_next = doc_id[:-1] == doc_id[1:]  # [T-1]: t and t+1 in one document
    labels[:-1] = torch.where(same_next, input_ids[1:], IGNORE_INDEX)

    t = torch.arange(max_len)
    causal = t[None, :] <= t[:, None]  # [T, T]: key j <= query i
    attention_mask = causal & (doc_id[:, None] == doc_id[None, :])
    return input_ids, labels, position_ids, attention_mask
