"""Adapted from Hugging Face TRL, trl/trainer/utils.py `DataCollatorForCompletionOnlyLM.
torch_call`, its multi-turn branch (with an instruction_template; read
2026-12): labels start as input_ids, `human_token_ids_idxs` and `response_token_ids_idxs`
list where each untrained and each trained stretch begins, `[0]` is prepended when the
chat opens with a response, and every `[start:end]` from a human start to the next
response start (from 0 for the first) is set to ignore_index, plus the tail after the
last human start when it has no response. Changed: the starts come from the turn layout
instead of searching the token ids for template strings.
"""

import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",), ignore_index=-100):
    ids, starts, pos = [bos], [], 1
    for role, token_ids in turns:
        starts.append((pos, role in train_roles))
        ids += list(token_ids) + [eos]
        pos += len(token_ids) + 1
    labels = torch.tensor(ids, dtype=torch.long)
    input_ids = labels.clone()

    # the first position of each stretch of trained / untrained turns
    response_token_ids_idxs, human_token_ids_idxs, previous = [], [], None
    for start, trained in starts:
        if trained != previous:
            (response_token_ids_idxs if trained else human_token_ids_idxs).append(start)
        previous = trained

    if not response_token_ids_idxs:
        labels[:] = ignore_index
        return input_ids, labels
    if not human_token_ids_idxs or human_token_ids_idxs[0] > response_token_ids_idxs[0]:
        human_token_ids_idxs = [0] + human_token_ids_idxs

    for idx, (start, end) in enumerate(
        zip(human_token_ids_idxs, response_token_ids_idxs, strict=False)
    ):
        if idx != 0:
            labels[start:end] = ignore_index
        else:
            labels[:end] = ignore_index
    if len(response_token_ids_idxs) < len(human_token_ids_idxs):
        labels[human_token_ids_idxs[-1] :] = ignore_index
    return input_ids, labels
