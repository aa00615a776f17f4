# Wrong: splits the loss into the target term and the mean over the *other* classes.
import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    keep = targets != ignore_index
    logp = torch.log_softmax(logits[keep], dim=-1)
    y = targets[keep]
    V = logp.shape[-1]
    target_logp = logp.gather(1, y[:, None]).squeeze(1)
    others = (logp.sum(-1) - target_logp) / (V - 1)
    loss = -(1 - smoothing) * target_logp - smoothing * others
    return loss.mean()
