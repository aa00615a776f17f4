# Wrong: labels = input_ids.clone(), so the prompt is trained too.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    ids = [bos]
    for _, token_ids in turns:
        ids += list(token_ids) + [eos]
    input_ids = torch.tensor(ids)
    return input_ids, input_ids.clone()
