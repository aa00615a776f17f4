"""A recursive formulation: `step(live, finished, remaining)` returns the final pool, the
continuations scored with `log_softmax` then `gather`-free indexing via `divmod` on the
flattened top-k positions; the final choice uses `sorted` with a descending key."""

import torch


def _step(model, src, live, finished, remaining, beam_size, eos_id):
    if remaining == 0:
        return finished + live
    seqs = torch.stack([s for s, _ in live])
    base = torch.tensor([sc for _, sc in live], dtype=torch.float64)
    logp = torch.log_softmax(model(src, seqs)[:, -1].double(), dim=-1)
    vals, pos = (base[:, None] + logp).flatten().topk(beam_size)
    nxt = []
    for v, p in zip(vals.tolist(), pos.tolist(), strict=True):
        parent, token = divmod(p, logp.shape[1])
        seq = torch.cat([seqs[parent], torch.tensor([token])])
        (finished if token == eos_id else nxt).append((seq, v))
    if len(finished) >= beam_size:
        return finished
    return _step(model, src, nxt, finished, remaining - 1, beam_size, eos_id)


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    start = [(torch.tensor([sos_id], dtype=torch.long), 0.0)]
    pool = _step(model, src, start, [], max_len, beam_size, eos_id)
    ranked = sorted(pool, key=lambda h: h[1] / (h[0].numel() - 1) ** length_penalty, reverse=True)
    return ranked[0][0]
