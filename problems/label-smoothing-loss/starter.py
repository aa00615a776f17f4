import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    """Cross-entropy against the smoothed target (1 - smoothing) * one_hot + smoothing / V.

    logits: float [N, V], targets: int64 [N]
    Returns: a 0-d float tensor, the mean over rows whose target != ignore_index.
    """
    # TODO: log-softmax, build the smoothed target distribution, average over kept rows
    log_probs = torch.log_softmax(logits, dim=-1)
    return -log_probs.mean()
