"""Adapted from pytorch-labs/attention-gym, attn_gym/masks/document_mask.py (read
2026-12): `length_to_offsets` (a cumulative sum of the lengths with a leading 0),
`_offsets_to_doc_ids_tensor` (torch.repeat_interleave of the document index by the
counts) and `generate_doc_mask_mod`, whose `doc_mask_mod(b, h, q_idx, kv_idx)` is
`same_doc & causal(q_logical, kv_logical)` with logical positions `q_idx -
offsets[document_id[q_idx]]`. Changed: the mask_mod is evaluated on broadcast index grids
to give a dense bool mask (FlexAttention's create_mask would do this), the logical
positions double as position_ids, lengths are cut to max_len, and each pad is a document
of length 1.
"""

import torch


def length_to_offsets(lengths):
    offsets = torch.tensor([0, *lengths], dtype=torch.long)
    return torch.cumsum(offsets, dim=-1)


def _offsets_to_doc_ids_tensor(offsets):
    counts = offsets[1:] - offsets[:-1]
    return torch.repeat_interleave(torch.arange(len(counts)), counts)


def causal_mask(b, h, q_idx, kv_idx):
    return q_idx >= kv_idx


def pack_documents(docs, max_len, pad_id=0):
    lengths, room = [], max_len
    for doc in docs:
        take = min(len(doc), room)
        if take:
            lengths.append(take)
        room -= take
    n_real = len(lengths)
    offsets = length_to_offsets(lengths + [1] * room)
    document_id = _offsets_to_doc_ids_tensor(offsets)  # [T]

    def doc_mask_mod(b, h, q_idx, kv_idx):
        same_doc = document_id[q_idx] == document_id[kv_idx]
        q_logical = q_idx - offsets[document_id[q_idx]]
        kv_logical = kv_idx - offsets[document_id[kv_idx]]
        return same_doc & causal_mask(b, h, q_logical, kv_logical)

    idx = torch.arange(max_len)
    attention_mask = doc_mask_mod(0, 0, idx[:, None], idx[None, :])
    position_ids = idx - offsets[document_id]

    pieces = [doc[:n] for doc, n in zip(docs, lengths, strict=False)]
    input_ids = torch.cat([*pieces, torch.full((room,), pad_id, dtype=torch.long)])
    is_real = document_id < n_real
    same_next = (document_id[1:] == document_id[:-1]) & is_real[1:]
    labels = torch.full((max_len,), -100, dtype=torch.long)
    labels[:-1] = torch.where(same_next, input_ids[1:], -100)
    return input_ids, labels, position_ids, attention_mask
