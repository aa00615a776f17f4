"""Adapted from Hugging Face TRL, trl/trainer/utils.py `selective_log_softmax` (its float32
branch): the logit of the chosen token minus a logsumexp computed one sequence at a time
("loop to reduce peak mem consumption"), so the [B, L, V] log-softmax is never built.
TRL's trainers call it on logits[:, :-1] with input_ids[:, 1:]; the masked sum and mean
around it are written here.
"""

import torch


def selective_log_softmax(logits, index):
    selected_logits = torch.gather(logits, dim=-1, index=index.unsqueeze(-1)).squeeze(-1)
    logsumexp_values = torch.stack([torch.logsumexp(lg, dim=-1) for lg in logits])
    return selected_logits - logsumexp_values  # log_softmax(x_i) = x_i - logsumexp(x)


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    per_token_logps = selective_log_softmax(logits[:, :-1, :], input_ids[:, 1:])
    completion_mask = loss_mask[:, 1:].to(per_token_logps.dtype)
    summed = (per_token_logps * completion_mask).sum(dim=1)
    if average:
        return summed / completion_mask.sum(dim=1).clamp(min=1.0)
    return summed
