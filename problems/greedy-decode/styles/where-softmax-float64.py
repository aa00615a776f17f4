"""torch.where for the finished rows, probabilities from a softmax in float64 before the
argmax (the ranking is the same), other parameter names, and the stop test on the ys built
so far: a row is done when its tokens contain eos."""

import torch
import torch.nn.functional as F


@torch.no_grad()
def greedy_decode(net, source, steps, bos=1, eos=2, pad=0):
    out = source.new_full((source.size(0), 1), bos).long()
    for _ in range(steps):
        done = (out == eos).any(dim=1)  # [B]
        probs = F.softmax(net(source, out)[:, -1].double(), dim=-1)
        pick = torch.where(done, torch.full_like(out[:, 0], pad), probs.argmax(-1))
        out = torch.cat((out, pick.unsqueeze(-1)), dim=-1)
        if (out == eos).any(dim=1).all():
            break
    return out
