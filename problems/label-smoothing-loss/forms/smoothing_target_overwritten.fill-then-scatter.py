# Wrong: fills eps / V everywhere, then overwrites the target with 1 - eps (sum 1 - eps/V).
import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    keep = targets != ignore_index
    log_probs = torch.log_softmax(logits[keep], dim=-1)
    dist = torch.zeros_like(log_probs).fill_(smoothing / logits.size(-1))
    dist.scatter_(1, targets[keep].unsqueeze(1), 1 - smoothing)
    return torch.mean(torch.sum(-dist * log_probs, dim=-1))
