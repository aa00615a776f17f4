# Wrong: the DPO authors' get_batch_logps as is: the mean divides by a count that can be 0.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    labels = input_ids.masked_fill(~loss_mask, -100)[:, 1:].clone()
    logits = logits[:, :-1, :]
    loss_mask = labels != -100
    labels[labels == -100] = 0
    per_token_logps = torch.gather(logits.log_softmax(-1), 2, labels.unsqueeze(2)).squeeze(2)
    if average:
        return (per_token_logps * loss_mask).sum(-1) / loss_mask.sum(-1)
    return (per_token_logps * loss_mask).sum(-1)
