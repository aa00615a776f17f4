# Wrong: masks every special token (bos and eos) after building the labels.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    input_ids, labels = [bos], [bos]
    for role, token_ids in turns:
        piece = list(token_ids) + [eos]
        input_ids += piece
        labels += piece if role in train_roles else [-100] * len(piece)
    input_ids, labels = torch.tensor(input_ids), torch.tensor(labels)
    labels[(input_ids == bos) | (input_ids == eos)] = -100
    return input_ids, labels
