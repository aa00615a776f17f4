def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    """Mean cross-entropy of hidden @ weight.T over the rows whose label != ignore_index.

    hidden: float32 [N, d], weight: float32 [V, d] (the LM head), labels: int64 [N]
    chunk: rows per step; the full [N, V] logits must never exist
    Returns: a 0-d float tensor, differentiable w.r.t. hidden and weight.
    """
    # TODO: loop over the rows `chunk` at a time (the last chunk may be shorter)
    # TODO: logits of the chunk, summed cross-entropy of its real rows
    # TODO: divide the total once by the number of real rows in the whole batch
    return hidden.sum() * 0.0
