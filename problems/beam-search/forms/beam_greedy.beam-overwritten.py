# Wrong: the beam width is overwritten with 1 by a leftover debugging line.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    beam_size = 1  # TODO remove
    seqs = torch.full((1, 1), sos_id)
    scores = torch.zeros(1, dtype=torch.float64)
    finished = []
    for _ in range(max_len):
        logp = torch.log_softmax(model(src, seqs)[:, -1], dim=-1)
        V = logp.shape[-1]
        top, idx = (scores[:, None] + logp).reshape(-1).topk(beam_size)
        seqs = torch.cat([seqs[idx // V], (idx % V)[:, None]], dim=1)
        end = seqs[:, -1] == eos_id
        finished.extend(zip(seqs[end], top[end].tolist(), strict=True))
        seqs, scores = seqs[~end], top[~end]
        if len(finished) >= beam_size:
            break
    else:
        finished.extend(zip(seqs, scores.tolist(), strict=True))
    return max(finished, key=lambda h: h[1] / (len(h[0]) - 1) ** length_penalty)[0]
