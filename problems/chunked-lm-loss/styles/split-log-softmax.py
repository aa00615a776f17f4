"""torch.split over the rows and a masked gather of log_softmax per chunk: a list of the
chunks' summed negative log-likelihoods, stacked and summed at the end, divided by the
real-token count."""

import torch


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    sums = []
    for h, y in zip(torch.split(hidden, chunk), torch.split(labels, chunk), strict=True):
        keep = y != ignore_index
        log_probs = torch.log_softmax(h @ weight.t(), dim=-1)  # [c, V]
        picked = log_probs.gather(-1, y.clamp(min=0).unsqueeze(-1)).squeeze(-1)  # [c]
        sums.append(-(picked * keep).sum())
    return torch.stack(sums).sum() / (labels != ignore_index).sum()
