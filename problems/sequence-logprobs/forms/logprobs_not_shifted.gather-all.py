# Wrong: gathers input_ids from the logits at the same position: no shift at all.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    log_probs = torch.log_softmax(logits, dim=-1)  # [B, L, V]
    per_token = log_probs.gather(-1, input_ids.unsqueeze(-1)).squeeze(-1)  # [B, L]
    per_token = per_token * loss_mask
    total = per_token.sum(-1)
    if average:
        return total / loss_mask.sum(-1).clamp(min=1)
    return total
