"""A loop with logsumexp, as written in an interview: per chunk, loss = logsumexp(logits) -
logits[target] on the real rows, the max subtracted by torch.logsumexp; a Python float
count and a tensor sum carried across chunks."""

import torch


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    n = hidden.shape[0]
    loss_sum = torch.zeros((), dtype=hidden.dtype)
    n_tokens = 0
    for i in range(0, n, chunk):
        j = min(i + chunk, n)
        y = labels[i:j]
        mask = y != ignore_index
        if not mask.any():
            continue  # nothing to score in this chunk
        z = hidden[i:j][mask] @ weight.T  # [real rows, V]
        lse = torch.logsumexp(z, dim=-1)
        z_y = z.gather(-1, y[mask].unsqueeze(-1)).squeeze(-1)
        loss_sum = loss_sum + (lse - z_y).sum()
        n_tokens += int(mask.sum())
    return loss_sum / n_tokens
