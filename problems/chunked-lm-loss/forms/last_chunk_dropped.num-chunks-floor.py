# Wrong: num_chunks = N // chunk (a floor, not a ceiling) in a while loop.
import torch


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    num_chunks = labels.shape[0] // chunk
    count = (labels != ignore_index).sum()
    loss, c = torch.zeros(()), 0
    while c < num_chunks:
        start = c * chunk
        logits = hidden[start : start + chunk] @ weight.T
        y = labels[start : start + chunk]
        valid = y != ignore_index
        lse = logits.logsumexp(dim=1)
        correct = logits[torch.arange(len(y)), y.clamp(min=0)]
        loss = loss + torch.where(valid, lse - correct, torch.zeros_like(lse)).sum()
        c += 1
    return loss / count
