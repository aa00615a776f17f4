"""Adapted from LLaMA-Factory, src/llamafactory/data/processors/supervised.py
`_encode_supervised_example` (read 2026-12): the chat is cut into (source_ids, target_ids)
pairs, and each pair appends `source_ids + target_ids` to input_ids and
`[IGNORE_INDEX] * source_len + target_ids` to labels (train_on_prompt=False,
mask_history=False: every response is trained). Changed: the pairs are built here from the
turns (the untrained turns before a trained one are its source), bos opens the sequence,
and a trailing source with no response is appended masked; no cutoff_len truncation.
"""

import torch

IGNORE_INDEX = -100


def _encode_pairs(turns, eos, train_roles):
    pairs, source_ids = [], []
    for role, token_ids in turns:
        ids = list(token_ids) + [eos]
        if role in train_roles:
            pairs.append((source_ids, ids))
            source_ids = []
        else:
            source_ids = source_ids + ids
    if source_ids:
        pairs.append((source_ids, []))
    return pairs


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    input_ids, labels = [bos], [IGNORE_INDEX]
    for source_ids, target_ids in _encode_pairs(turns, eos, train_roles):
        source_len = len(source_ids)
        source_label = [IGNORE_INDEX] * source_len
        target_label = target_ids
        input_ids += source_ids + target_ids
        labels += source_label + target_label
    return torch.tensor(input_ids), torch.tensor(labels)
