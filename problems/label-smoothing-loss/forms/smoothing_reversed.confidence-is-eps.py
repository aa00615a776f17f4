# Wrong: uses `smoothing` as the confidence: eps on the one-hot, 1 - eps spread uniformly.
import torch.nn.functional as F


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    V = logits.size(-1)
    keep = targets != ignore_index
    one_hot = F.one_hot(targets[keep], V).to(logits.dtype)
    q = smoothing * one_hot + (1 - smoothing) / V
    return -(q * logits[keep].log_softmax(-1)).sum(-1).mean()
