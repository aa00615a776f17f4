# Wrong: log(softmax(x)); an unlikely token's probability underflows to 0 and its log is -inf.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    probs = torch.softmax(logits[:, :-1], dim=-1)
    log_probs = torch.log(probs)
    per_token = log_probs.gather(2, input_ids[:, 1:].unsqueeze(2)).squeeze(2)
    mask = loss_mask[:, 1:]
    total = (per_token * mask).sum(-1)
    return total / mask.sum(-1).clamp(min=1) if average else total
