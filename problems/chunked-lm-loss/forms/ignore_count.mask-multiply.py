# Wrong: the mask zeroes the ignored rows' losses, but the denominator is hidden.shape[0].
import torch


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    loss_sum = hidden.new_zeros(())
    for i in range(0, hidden.shape[0], chunk):
        z = hidden[i : i + chunk] @ weight.T
        y = labels[i : i + chunk]
        mask = (y != ignore_index).to(z.dtype)
        nll = torch.logsumexp(z, -1) - z.gather(-1, y.clamp(min=0)[:, None])[:, 0]
        loss_sum = loss_sum + (nll * mask).sum()
    return loss_sum / hidden.shape[0]
