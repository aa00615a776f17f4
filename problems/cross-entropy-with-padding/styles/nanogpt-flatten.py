"""nanoGPT's loss line, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1),
ignore_index=-1), with the cross-entropy itself written out (it is forbidden here) and the
pad id taken from the argument."""

import torch.nn.functional as F


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    flat_logits = logits.view(-1, logits.size(-1))
    flat_targets = targets.view(-1)
    log_probs = F.log_softmax(flat_logits, dim=-1)
    keep = flat_targets != ignore_index
    nll = -log_probs[keep].gather(1, flat_targets[keep].unsqueeze(1))
    return nll.mean()
