# Wrong: the weights of the two terms are swapped: eps * nll + (1 - eps) * uniform.
import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    keep = targets != ignore_index
    logp = torch.log_softmax(logits, -1)[keep]
    nll = -logp.gather(-1, targets[keep].unsqueeze(-1)).squeeze(-1)
    smooth = -logp.mean(-1)
    return (smoothing * nll + (1 - smoothing) * smooth).mean()
