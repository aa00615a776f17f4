# Wrong: labels[t] is the next token (input_ids[t+1]) when that token is trained.
import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    ids, trained = [bos], [False]
    for role, token_ids in turns:
        ids += list(token_ids) + [eos]
        trained += [role in train_roles] * (len(token_ids) + 1)
    labels = []
    for t in range(len(ids)):
        if t + 1 < len(ids) and trained[t + 1]:
            labels.append(ids[t + 1])
        else:
            labels.append(-100)
    return torch.tensor(ids), torch.tensor(labels)
