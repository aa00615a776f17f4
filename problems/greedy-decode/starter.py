import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    """Greedy decoding: at most max_len new tokens per row, pad after a row's eos.

    model(src, ys) -> logits [B, t, V]; src: int64 [B, Ls]
    Returns: ys int64 [B, 1 + T], column 0 is sos_id, T <= max_len.
    """
    ys = torch.full((src.shape[0], 1), sos_id, dtype=torch.long)  # [B, 1]
    # TODO: up to max_len times: take the argmax of the logits at the last position,
    # put pad_id in rows that already produced eos_id, append, and stop once all rows ended
    return ys
