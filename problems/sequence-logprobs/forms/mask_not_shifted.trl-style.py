# Wrong: logits and labels are shifted, but the mask is cut as loss_mask[:, :-1].
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    labels = input_ids[:, 1:]
    logits = logits[:, :-1, :]
    mask = loss_mask[:, :-1]
    per_token_logps = torch.gather(logits.log_softmax(-1), 2, labels.unsqueeze(2)).squeeze(2)
    if average:
        return (per_token_logps * mask).sum(-1) / mask.sum(-1).clamp(min=1)
    return (per_token_logps * mask).sum(-1)
