"""Adapted from the DPO authors' reference code, eric-mitchell/direct-preference-optimization,
trainers.py `_get_batch_logps` (the same function TRL's DPOTrainer used as
`get_batch_logps`): labels hold -100 where a token does not count, labels and logits are
shifted by one, -100 is replaced by a dummy id 0 for the gather, and the mask multiplies
the per-token log-probabilities. Changed: the labels are built here from input_ids and
loss_mask, and the mean clamps the count to 1 (the original divides by 0 on an empty row).
"""

import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    labels = input_ids.masked_fill(~loss_mask, -100)
    assert logits.shape[:-1] == labels.shape

    labels = labels[:, 1:].clone()
    logits = logits[:, :-1, :]
    loss_mask = labels != -100

    # dummy token; ignored by the mask below
    labels[labels == -100] = 0

    per_token_logps = torch.gather(
        logits.log_softmax(-1), dim=2, index=labels.unsqueeze(2)
    ).squeeze(2)

    if average:
        return (per_token_logps * loss_mask).sum(-1) / loss_mask.sum(-1).clamp(min=1)
    return (per_token_logps * loss_mask).sum(-1)
