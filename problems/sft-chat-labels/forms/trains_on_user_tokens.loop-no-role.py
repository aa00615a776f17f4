# Wrong: the loop appends every token to the labels whatever its role.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    input_ids, labels = [bos], [bos]
    for _role, token_ids in turns:
        for tok in token_ids:
            input_ids.append(tok)
            labels.append(tok)
        input_ids.append(eos)
        labels.append(eos)
    return torch.tensor(input_ids), torch.tensor(labels)
