# Wrong: divides each sequence's summed loss by its length, then averages over the batch.


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    lengths = (targets != ignore_index).sum(dim=-1)  # [B]
    log_probs = logits - logits.logsumexp(dim=-1, keepdim=True)
    nll = -log_probs.gather(-1, targets[..., None]).squeeze(-1)
    nll = nll.masked_fill(targets == ignore_index, 0.0)
    return (nll.sum(-1) / lengths).mean()
