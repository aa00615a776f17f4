# Wrong: a running average of per-chunk losses, loss += chunk_mean / num_chunks.
import math

import torch


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    n = hidden.size(0)
    num_chunks = math.ceil(n / chunk)
    loss = torch.zeros(())
    for c in range(num_chunks):
        lo, hi = c * chunk, min((c + 1) * chunk, n)
        z = hidden[lo:hi] @ weight.T
        y = labels[lo:hi]
        m = (y != ignore_index).float()
        lse = torch.logsumexp(z, dim=-1)
        z_y = z.gather(1, y.clamp(min=0).unsqueeze(1)).squeeze(1)
        loss = loss + ((lse - z_y) * m).sum() / m.sum() / num_chunks
    return loss
