"""The varlen convention of flash-attn: per-sequence lengths `seqlens_in_batch`, then
`cu_seqlens = F.pad(torch.cumsum(seqlens_in_batch, dim=0, dtype=torch.int32), (1, 0))` as in
flash_attn/bert_padding.py `unpad_input` (and transformers' `_get_unpad_data`, read
2026-12); `flash_attn_varlen_func(..., cu_seqlens_q, cu_seqlens_k, causal=True)` attends
causally inside each [cu_seqlens[i], cu_seqlens[i+1]) and never across. Changed: that
kernel's masking is written out as a dense [T, T] mask, the lengths are cut to max_len, and
each pad is a sequence of length 1.
"""

import torch
import torch.nn.functional as F


def pack_documents(docs, max_len, pad_id=0):
    seqlens, room = [], max_len
    for doc in docs:
        if room == 0:
            break
        seqlens.append(min(len(doc), room))
        room -= seqlens[-1]
    seqlens += [1] * room  # every pad is a sequence of its own
    seqlens_in_batch = torch.tensor(seqlens)
    cu_seqlens = F.pad(torch.cumsum(seqlens_in_batch, dim=0, dtype=torch.int32), (1, 0))
    real = len(seqlens) - room

    input_ids = torch.full((max_len,), pad_id, dtype=torch.long)
    labels = torch.full((max_len,), -100, dtype=torch.long)
    position_ids = torch.zeros(max_len, dtype=torch.long)
    attention_mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for i in range(len(seqlens)):
        s, e = int(cu_seqlens[i]), int(cu_seqlens[i + 1])
        if i < real:
            input_ids[s:e] = docs[i][: e - s]
            labels[s : e - 1] = input_ids[s + 1 : e]
            position_ids[s:e] = torch.arange(e - s)
        attention_mask[s:e, s:e] = torch.ones(e - s, e - s, dtype=torch.bool).tril()
    return input_ids, labels, position_ids, attention_mask
