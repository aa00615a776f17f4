# Wrong: a masked_mean helper with no guard for a mask that is all False.
import torch


def masked_mean(values, mask, dim):
    return (values * mask).sum(dim) / mask.sum(dim)


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    shift_logits = logits[:, :-1]
    lse = torch.logsumexp(shift_logits, dim=-1)
    logps = torch.gather(shift_logits, -1, input_ids[:, 1:, None]).squeeze(-1) - lse
    mask = loss_mask[:, 1:].float()
    if average:
        return masked_mean(logps, mask, dim=-1)
    return (logps * mask).sum(-1)
