import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    """Log-probability of each sequence's counted tokens under the model.

    logits: float32 [B, L, V]; logits[:, t] is the model's prediction for token t+1.
    input_ids: int64 [B, L], the tokens of each sequence.
    loss_mask: bool [B, L]; token t counts when loss_mask[:, t] is True.
    average: False returns the sum over counted tokens, True their mean (0 for a row
        with no counted token).
    Returns: float32 [B].
    """
    # TODO: log-softmax the logits that predict a next token (all but the last position)
    # TODO: pick the log-probability of the token that actually comes next
    # TODO: keep only the counted tokens, then sum (or average) along the sequence
    return torch.zeros(logits.shape[0], dtype=logits.dtype)
