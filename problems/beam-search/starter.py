import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    """Beam search over one source sentence.

    model(src, ys) -> logits [n, t, V] for ys int64 [n, t]; src: int64 [1, Ls]
    Returns: the best hypothesis, int64 [1 + T]: sos_id, then T <= max_len tokens.
    """
    ys = torch.tensor([sos_id], dtype=torch.long)  # [1]
    # TODO: keep the beam_size best continuations by total log-probability each step,
    # move those ending in eos_id to a finished pool, stop at beam_size finished or max_len,
    # and return the best by score / T ** length_penalty
    return ys
