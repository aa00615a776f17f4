"""The formula of the PyTorch docs for nn.CrossEntropyLoss (ignore_index, reduction='mean'):
l_n = -w * log(exp(x_{n,y_n}) / sum_c exp(x_{n,c})) * 1{y_n != ignore_index}, divided by the
number of non-ignored targets; written on the flattened [B*L, V] view F.cross_entropy sees."""

import torch


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    vocab = logits.size(-1)
    x = logits.reshape(-1, vocab)  # [N, C]
    y = targets.reshape(-1)  # [N]
    valid = y != ignore_index
    x, y = x[valid], y[valid]
    log_norm = torch.logsumexp(x, dim=1)  # log sum_c exp(x_c)
    return (log_norm - x[torch.arange(y.numel()), y]).sum() / valid.sum()
