def cross_entropy_with_padding(logits, targets, ignore_index=0):
    """Mean cross-entropy over the positions whose target is not ignore_index.

    logits: float [B, L, V], targets: int64 [B, L]
    Returns: a 0-d float tensor.
    """
    # TODO: log-softmax over the vocabulary, pick each target's log-probability,
    # and average -log p over the real (non-padding) positions only
    return logits.sum() * 0.0
