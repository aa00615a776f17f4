# Wrong: F.cross_entropy's default mean inside each chunk, then the mean of the chunk means.
import torch
import torch.nn.functional as F


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    losses = []
    for start in range(0, hidden.shape[0], chunk):
        logits = hidden[start : start + chunk] @ weight.T
        losses.append(
            F.cross_entropy(logits, labels[start : start + chunk], ignore_index=ignore_index)
        )
    return torch.stack(losses).mean()
