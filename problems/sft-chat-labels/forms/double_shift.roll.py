# Wrong: torch.roll(labels, -1) lines each label up with the position before it.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    ids, keep = [bos], [False]
    for role, token_ids in turns:
        ids += list(token_ids) + [eos]
        keep += [role in train_roles] * (len(token_ids) + 1)
    input_ids = torch.tensor(ids)
    labels = torch.where(torch.tensor(keep), input_ids, -100)
    labels = torch.roll(labels, shifts=-1)
    labels[-1] = -100
    return input_ids, labels
