# Wrong: log(softmax(x)) instead of log_softmax(x); a tiny probability underflows to 0
# and its log is -inf.
import torch
import torch.nn.functional as F


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    probs = F.softmax(logits, dim=-1)
    log_probs = torch.log(probs)
    mask = (targets != ignore_index).float()
    nll = -log_probs.gather(2, targets.unsqueeze(2)).squeeze(2)
    return (nll * mask).sum() / mask.sum()
