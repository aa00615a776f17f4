"""The same update with torch tensors and PyTorch's in-place idioms (mul_, lerp_, addcmul_,
addcdiv_), as one writes it inside a custom torch.optim.Optimizer.step. torch.from_numpy
shares memory with the caller's arrays, so each tensor is cloned before it is changed."""

import torch


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    p = torch.from_numpy(param).clone()
    g = torch.from_numpy(grad)
    exp_avg = torch.from_numpy(m).clone()
    exp_avg_sq = torch.from_numpy(v).clone()

    p.mul_(1 - lr * weight_decay)
    exp_avg.lerp_(g, 1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(g, g, value=1 - beta2)

    m_hat = exp_avg / (1 - beta1**step)
    v_hat = exp_avg_sq / (1 - beta2**step)
    p.addcdiv_(m_hat, v_hat.sqrt().add_(eps), value=-lr)
    return p.numpy(), exp_avg.numpy(), exp_avg_sq.numpy()
