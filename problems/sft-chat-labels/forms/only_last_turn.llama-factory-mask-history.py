# Wrong: LLaMA-Factory's mask_history idea: the turns are walked backwards and only the
# first trained turn met (the last one) keeps its labels.
import torch

IGNORE_INDEX = -100


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    input_ids, labels, seen = [], [], False
    for role, token_ids in reversed(turns):
        ids = list(token_ids) + [eos]
        if role in train_roles and not seen:
            label = ids
            seen = True
        else:
            label = [IGNORE_INDEX] * len(ids)
        input_ids = ids + input_ids
        labels = label + labels
    return torch.tensor([bos] + input_ids), torch.tensor([IGNORE_INDEX] + labels)
