# Wrong: flattens to [B*L, V] like F.cross_entropy but forgets the ignore_index part.
import torch


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    V = logits.size(-1)
    flat_logits = logits.reshape(-1, V)
    flat_targets = targets.reshape(-1)
    log_probs = flat_logits.log_softmax(dim=1)
    loss = -log_probs[torch.arange(flat_targets.numel()), flat_targets]
    return loss.sum() / flat_targets.numel()
