# Wrong: PyTorch's (1 - eps) * nll + eps / C * smooth loss, gradient softmax - one_hot.
import torch


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    z = torch.from_numpy(logits)
    t = torch.from_numpy(targets)
    ignore = t == ignore_index
    n_valid = (~ignore).sum()
    logp = torch.log_softmax(z, dim=1)
    safe = t.masked_fill(ignore, 0).unsqueeze(1)
    nll = -logp.gather(1, safe).squeeze(1).masked_fill(ignore, 0.0).sum() / n_valid
    smooth = -logp.sum(1).masked_fill(ignore, 0.0).sum() / n_valid
    loss = (1 - label_smoothing) * nll + smooth * (label_smoothing / z.size(1))
    one_hot = torch.zeros_like(z).scatter_(1, safe, 1.0)
    grad = (logp.exp() - one_hot) * (~ignore).unsqueeze(1) / n_valid
    return loss.numpy(), grad.numpy()
