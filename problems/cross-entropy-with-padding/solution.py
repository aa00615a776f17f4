import torch


def cross_entropy_with_padding(
    logits: torch.Tensor, targets: torch.Tensor, ignore_index: int = 0
) -> torch.Tensor:
    # log_softmax = x - logsumexp(x): stable for any logits, unlike log(softmax(x)).
    log_probs = torch.log_softmax(logits, dim=-1)  # [B, L, V]
    keep = targets != ignore_index  # [B, L], True at real tokens
    # gather needs a valid index everywhere; padded positions are dropped below anyway.
    safe = targets.masked_fill(~keep, 0)
    nll = -log_probs.gather(-1, safe.unsqueeze(-1)).squeeze(-1)  # [B, L]
    # One mean over all real tokens of the batch, not a mean per sequence.
    return nll[keep].mean()
