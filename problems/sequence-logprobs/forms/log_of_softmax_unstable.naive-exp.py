# Wrong: softmax as exp(x) / sum(exp(x)) with no max shift, then log of the picked probability.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    e = torch.exp(logits[:, :-1])
    probs = e / e.sum(dim=-1, keepdim=True)
    p = probs.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    keep = loss_mask[:, 1:]
    logp = torch.where(keep, torch.log(p), torch.zeros_like(p))
    if average:
        return logp.sum(-1) / keep.sum(-1).clamp(min=1)
    return logp.sum(-1)
