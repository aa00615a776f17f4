# Wrong: the FastChat-style cursor walks the turns but never writes IGNORE_TOKEN_ID.
import torch

IGNORE_TOKEN_ID = -100


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    ids = [bos]
    for _, token_ids in turns:
        ids += list(token_ids) + [eos]
    input_ids = torch.tensor(ids, dtype=torch.long)
    target = input_ids.clone()
    cur_len = 1
    for _role, token_ids in turns:
        cur_len += len(token_ids) + 1
    target[cur_len:] = IGNORE_TOKEN_ID
    return input_ids, target
