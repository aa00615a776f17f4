# Wrong: multiplies the loss by the mask, then takes .mean() over all B*L positions.
import torch


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    log_probs = torch.log_softmax(logits, dim=-1)
    nll = -log_probs.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    mask = (targets != ignore_index).float()
    return (nll * mask).mean()
