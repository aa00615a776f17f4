# Wrong: only the reply's tokens are labelled; its eos is appended as -100.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    input_ids, labels = [bos], [-100]
    for role, token_ids in turns:
        input_ids += list(token_ids) + [eos]
        if role in train_roles:
            labels += list(token_ids) + [-100]
        else:
            labels += [-100] * (len(token_ids) + 1)
    return torch.tensor(input_ids), torch.tensor(labels)
