# Wrong: shifts the labels left by one here; the loss shifts them again.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    input_ids, labels = [bos], [-100]
    for role, token_ids in turns:
        piece = list(token_ids) + [eos]
        input_ids += piece
        labels += piece if role in train_roles else [-100] * len(piece)
    labels = labels[1:] + [-100]
    return torch.tensor(input_ids), torch.tensor(labels)
