"""Adapted from FastChat, fastchat/train/train.py `preprocess` (read 2026-12): the labels
start as a clone of input_ids (`targets = input_ids.clone()`), a running cursor `cur_len`
starts at 1 with `target[:cur_len] = IGNORE_TOKEN_ID` for bos, and every span that is not
trained is overwritten with IGNORE_TOKEN_ID as the cursor walks the turns. Changed: the
turn lengths come from the token lists instead of re-tokenising text, and the masked span
is a whole untrained turn with its eos instead of the "USER: ..." instruction part.
"""

import torch

IGNORE_TOKEN_ID = -100  # transformers' LabelSmoother.ignore_index


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    ids = [bos]
    for _, token_ids in turns:
        ids += list(token_ids) + [eos]
    input_ids = torch.tensor(ids, dtype=torch.long)
    target = input_ids.clone()

    cur_len = 1
    target[:cur_len] = IGNORE_TOKEN_ID
    for role, token_ids in turns:
        turn_len = len(token_ids) + 1  # the turn and its eos
        if role not in train_roles:
            # Ignore the user instructions
            target[cur_len : cur_len + turn_len] = IGNORE_TOKEN_ID
        cur_len += turn_len
    target[cur_len:] = IGNORE_TOKEN_ID
    return input_ids, target
