# Wrong: where(one_hot, 1 - eps, eps / V): the target loses its eps / V share.
import torch
import torch.nn.functional as F


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    V = logits.size(1)
    keep = targets.ne(ignore_index)
    hot = F.one_hot(targets.masked_fill(~keep, 0), V) == 1
    smooth = torch.where(hot, torch.tensor(1.0 - smoothing), torch.tensor(smoothing / V))
    per_row = -(smooth * F.log_softmax(logits, dim=1)).sum(1)
    return per_row[keep].mean()
