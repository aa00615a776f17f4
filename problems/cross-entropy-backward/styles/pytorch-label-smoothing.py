"""PyTorch's `cross_entropy_loss_label_smoothing` (aten/src/ATen/native/LossNLL.cpp; read
2026-12): input = log_softmax(self), nllloss over the non-ignored rows, smooth_loss =
-input.sum(class_dim) with masked_fill_(ignore_mask, 0), ret = smooth_loss.sum() /
true_mask.sum(), and the result (1 - label_smoothing) * nllloss + ret * (label_smoothing /
n_classes).

Changed: torch tensors from the numpy inputs; the NLL is a gather over the kept rows (the
nll_loss kernel is not allowed); the gradient is written out as softmax minus the smoothed
target, the derivative of that expression, instead of autograd."""

import torch


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    self_ = torch.from_numpy(logits)
    target = torch.from_numpy(targets)
    class_dim, n_classes = 1, self_.size(1)
    input = torch.log_softmax(self_, class_dim)

    ignore_mask = target == ignore_index
    true_mask = ~ignore_mask
    safe_target = target.masked_fill(ignore_mask, 0)
    picked = input.gather(class_dim, safe_target.unsqueeze(1)).squeeze(1)
    nllloss = -(picked.masked_fill(ignore_mask, 0.0)).sum() / true_mask.sum()
    smooth_loss = -input.sum(class_dim)
    smooth_loss = smooth_loss.masked_fill(ignore_mask, 0.0)
    ret = smooth_loss.sum() / true_mask.sum()
    loss = (1 - label_smoothing) * nllloss + ret * (label_smoothing / n_classes)

    one_hot = torch.zeros_like(input).scatter_(class_dim, safe_target.unsqueeze(1), 1.0)
    smoothed = (1 - label_smoothing) * one_hot + label_smoothing / n_classes
    grad = (input.exp() - smoothed) * true_mask.unsqueeze(1) / true_mask.sum()
    return loss.numpy(), grad.numpy()
