import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    # The logits at position t predict token t+1: drop the last logit and the first token.
    log_probs = torch.log_softmax(logits[:, :-1], dim=-1)  # [B, L-1, V], stable
    targets = input_ids[:, 1:]  # [B, L-1]
    counted = loss_mask[:, 1:]  # [B, L-1]: the mask moves with the tokens, not the logits
    per_token = log_probs.gather(-1, targets.unsqueeze(-1)).squeeze(-1)  # [B, L-1]
    per_token = per_token.masked_fill(~counted, 0.0)
    total = per_token.sum(-1)  # [B]
    if average:
        # clamp: a row with no counted token gives 0 / 1 = 0, not 0 / 0 = nan
        return total / counted.sum(-1).clamp(min=1)
    return total
