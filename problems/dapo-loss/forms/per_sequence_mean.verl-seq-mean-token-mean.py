# Wrong: verl's "seq-mean-token-mean" aggregation instead of "token-mean".
import torch


def agg_loss(loss_mat, loss_mask):
    seq_mask = torch.sum(loss_mask, dim=-1)
    seq_losses = torch.sum(loss_mat * loss_mask, dim=-1) / (seq_mask + 1e-8)
    seq_mask = (seq_mask > 0).float()
    return (seq_losses * seq_mask).sum() / seq_mask.sum()


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    ratio = torch.exp(logp - old_logp)
    a = advantages.unsqueeze(-1)
    pg_losses = torch.maximum(-a * ratio, -a * torch.clamp(ratio, 1 - eps_low, 1 + eps_high))
    return agg_loss(pg_losses, mask.float())
