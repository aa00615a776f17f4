# Wrong: eps / (V - 1) on the other classes and 1 - eps on the target; PyTorch spreads eps
# over all V classes.
import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    V = logits.size(-1)
    keep = targets != ignore_index
    log_probs = logits[keep].log_softmax(dim=-1)
    true_dist = torch.full_like(log_probs, smoothing / (V - 1))
    true_dist.scatter_(1, targets[keep].unsqueeze(1), 1.0 - smoothing)
    return -(true_dist * log_probs).sum(dim=-1).mean()
