"""Trusted reference: one chat turned into (input_ids, labels) for supervised fine-tuning.

The layout is [bos] + turn_1 + [eos] + turn_2 + [eos] + ...; the labels copy the tokens and
the eos of every turn whose role is trained and hold -100 everywhere else. No shift: the
causal-LM loss shifts the labels itself.
"""

import torch

IGNORE_INDEX = -100


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    """(input_ids [L], labels [L]), both int64."""
    input_ids = [int(bos)]
    labels = [IGNORE_INDEX]
    for role, token_ids in turns:
        piece = [int(t) for t in token_ids] + [int(eos)]  # every turn is closed by eos
        input_ids += piece
        labels += piece if role in train_roles else [IGNORE_INDEX] * len(piece)
    return torch.tensor(input_ids, dtype=torch.long), torch.tensor(labels, dtype=torch.long)
