# Wrong: drops the first position from logits, tokens and mask alike, so nothing is shifted.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    logits = logits[:, 1:]
    labels = input_ids[:, 1:]
    mask = loss_mask[:, 1:].float()
    lse = torch.logsumexp(logits, dim=-1)
    token_logps = logits.gather(2, labels.unsqueeze(2)).squeeze(2) - lse
    total = (token_logps * mask).sum(1)
    return total / mask.sum(1).clamp(min=1.0) if average else total
