# Wrong: summed loss of the real rows divided by N, the ignored rows still counted.
import torch.nn.functional as F


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    total = 0.0
    for start in range(0, len(labels), chunk):
        logits = hidden[start : start + chunk] @ weight.T
        total = total + F.cross_entropy(
            logits, labels[start : start + chunk], ignore_index=ignore_index, reduction="sum"
        )
    return total / labels.numel()
