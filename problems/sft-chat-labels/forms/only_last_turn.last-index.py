# Wrong: finds the last trained turn and labels that one alone.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    last = None
    for k, (role, _) in enumerate(turns):
        if role in train_roles:
            last = k
    input_ids, labels = [bos], [-100]
    for k, (_, token_ids) in enumerate(turns):
        piece = list(token_ids) + [eos]
        input_ids += piece
        labels += piece if k == last else [-100] * len(piece)
    return torch.tensor(input_ids), torch.tensor(labels)
