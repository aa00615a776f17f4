# Wrong: averages each sequence over its own length, then averages the sequences.
import torch


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    log_probs = torch.log_softmax(logits, dim=-1)
    nll = -log_probs.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    mask = (targets != ignore_index).float()
    per_seq = (nll * mask).sum(dim=1) / mask.sum(dim=1)
    return per_seq.mean()
