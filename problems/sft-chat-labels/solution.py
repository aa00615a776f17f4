import torch

IGNORE_INDEX = -100  # the default ignore_index of F.cross_entropy


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    input_ids = [bos]
    labels = [IGNORE_INDEX]  # bos is never a target
    for role, token_ids in turns:
        # Every turn is closed by eos, and the eos belongs to its turn: a trained turn's eos
        # is a target too, so the model learns when to stop talking.
        piece = list(token_ids) + [eos]
        input_ids += piece
        if role in train_roles:
            labels += piece  # no shift here: the loss compares logits[t] with labels[t+1]
        else:
            labels += [IGNORE_INDEX] * len(piece)  # the prompt is context, not a target
    return torch.tensor(input_ids, dtype=torch.long), torch.tensor(labels, dtype=torch.long)
