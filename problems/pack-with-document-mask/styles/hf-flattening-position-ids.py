"""Adapted from Hugging Face transformers: `DataCollatorWithFlattening.__call__`
(src/transformers/data/data_collator.py, read 2026-12), which concatenates the features'
`input_ids`, builds `labels` as `[separator_id] + input_ids[1:]` per sequence (unshifted:
the model shifts them) and `position_ids` as `list(range(len(input_ids)))`; and
`prepare_fa_kwargs_from_position_ids` (src/transformers/modeling_flash_attention_utils.py),
which finds the sequence starts as `(position_ids == 0).nonzero()` and appends the total
length to get `cu_seq_lens`. Changed: the row is cut and padded to max_len (each pad a
sequence of one, position 0), the labels are shifted left by one for this contract, and the
cu_seq_lens are turned into a dense block-diagonal causal mask instead of being handed to
flash_attn_varlen_func.
"""

import torch


def pack_documents(docs, max_len, pad_id=0, separator_id=-100):
    ret = {"input_ids": [], "labels": [], "position_ids": []}
    for doc in docs:
        ids = doc.tolist()
        ret["input_ids"] += ids
        ret["labels"] += [separator_id] + ids[1:]
        ret["position_ids"] += list(range(len(ids)))
    n_pad = max(0, max_len - len(ret["input_ids"]))
    input_ids = torch.tensor(ret["input_ids"][:max_len] + [pad_id] * n_pad, dtype=torch.long)
    labels = torch.tensor(ret["labels"][:max_len] + [separator_id] * n_pad, dtype=torch.long)
    position_ids = torch.tensor(ret["position_ids"][:max_len] + [0] * n_pad, dtype=torch.long)

    # Unshifted -> shifted: the target of position t is the (unshifted) label of t + 1.
    shift_labels = torch.cat([labels[1:], torch.tensor([separator_id])])

    indices_q = (position_ids == 0).nonzero().view(-1)
    cu_seq_lens = torch.cat((indices_q, torch.tensor(position_ids.size())))
    attention_mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for start, end in zip(cu_seq_lens[:-1].tolist(), cu_seq_lens[1:].tolist(), strict=True):
        n = end - start
        attention_mask[start:end, start:end] = torch.tril(torch.ones(n, n, dtype=torch.bool))
    return input_ids, shift_labels, position_ids, attention_mask
