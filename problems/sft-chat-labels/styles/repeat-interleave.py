"""Vectorised: one flag per turn (trained or not) spread over the turn's tokens and eos
with torch.repeat_interleave, then torch.where picks the token or -100."""

import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    flat = [bos]
    for _, token_ids in turns:
        flat.extend(token_ids)
        flat.append(eos)
    input_ids = torch.tensor(flat, dtype=torch.int64)  # [L]

    lengths = torch.tensor([1] + [len(ids) + 1 for _, ids in turns])  # [n + 1], bos first
    trained = torch.tensor([False] + [role in train_roles for role, _ in turns])
    keep = torch.repeat_interleave(trained, lengths)  # [L]
    labels = torch.where(keep, input_ids, torch.full_like(input_ids, -100))
    return input_ids, labels
