# Wrong: the trained span stops one short, so the reply's eos stays -100.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    ids = [bos]
    for _, token_ids in turns:
        ids += list(token_ids) + [eos]
    input_ids = torch.tensor(ids, dtype=torch.long)
    labels = torch.full_like(input_ids, -100)
    cur = 1
    for role, token_ids in turns:
        n = len(token_ids)
        if role in train_roles:
            labels[cur : cur + n] = input_ids[cur : cur + n]
        cur += n + 1
    return input_ids, labels
