# Wrong: logsumexp written as log(sum(exp(x))) without subtracting the maximum.


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    x = logits[:, :-1]
    lse = x.exp().sum(-1).log()  # inf once a logit passes ~88
    picked = x.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    token_logps = (picked - lse).masked_fill(~loss_mask[:, 1:], 0.0)
    total = token_logps.sum(-1)
    if average:
        total = total / loss_mask[:, 1:].sum(-1).clamp(min=1)
    return total
