"""Offsets first: the start of every turn from a cumulative sum of the turn lengths, a
preallocated tensor of -100, and one slice assignment per trained turn."""

import itertools

import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    sizes = [len(ids) + 1 for _, ids in turns]
    offsets = list(itertools.accumulate(sizes, initial=1))  # turn k spans offsets[k]:offsets[k+1]
    total = offsets[-1]
    input_ids = torch.empty(total, dtype=torch.long)
    labels = torch.full((total,), -100, dtype=torch.long)
    input_ids[0] = bos
    for k, (role, ids) in enumerate(turns):
        lo, hi = offsets[k], offsets[k + 1]
        input_ids[lo : hi - 1] = torch.tensor(ids, dtype=torch.long)
        input_ids[hi - 1] = eos
        if role in train_roles:
            labels[lo:hi] = input_ids[lo:hi]
    return input_ids, labels
