"""Trusted reference: beam search over one source sentence, GNMT-style length normalisation.

Each step expands every live hypothesis by every token, keeps the `beam_size` best by total
log-probability, and moves those that end in eos to the finished pool. The search stops
once `beam_size` hypotheses have finished, or after `max_len` steps (then the live ones
compete too). The winner maximises  sum of log-probs / T ** length_penalty, T counting the
generated tokens including eos.
"""

import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    """The best hypothesis as int64 [1 + T]: sos, then T <= max_len tokens."""
    alive = torch.full((1, 1), sos_id, dtype=torch.long)  # [n, t], n <= beam_size
    scores = torch.zeros(1, dtype=torch.float64)  # [n], total log-probability
    finished: list[tuple[torch.Tensor, float]] = []
    for _ in range(max_len):
        with torch.no_grad():
            logits = model(src, alive)[:, -1]  # [n, V]
        vocab = logits.shape[-1]
        total = scores[:, None] + torch.log_softmax(logits.double(), dim=-1)  # [n, V]
        best, flat = total.flatten().topk(beam_size)  # over all n * V continuations
        seqs = torch.cat([alive[flat // vocab], (flat % vocab)[:, None]], dim=1)  # [k, t + 1]
        ended = seqs[:, -1] == eos_id
        finished += [(seq, float(s)) for seq, s in zip(seqs[ended], best[ended], strict=True)]
        alive, scores = seqs[~ended], best[~ended]
        if len(finished) >= beam_size:
            break
    else:  # max_len reached: unfinished hypotheses are candidates too
        finished += [(seq, float(s)) for seq, s in zip(alive, scores, strict=True)]
    seq, _ = max(finished, key=lambda h: h[1] / (h[0].numel() - 1) ** length_penalty)
    return seq
