# Wrong: never looks at eos: every hypothesis is extended for max_len steps.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    seqs = torch.full((1, 1), sos_id)
    scores = torch.zeros(1, dtype=torch.float64)
    for _ in range(max_len):
        logp = torch.log_softmax(model(src, seqs)[:, -1], dim=-1)
        V = logp.shape[-1]
        scores, idx = (scores[:, None] + logp).flatten().topk(beam_size)
        seqs = torch.cat([seqs[idx // V], (idx % V)[:, None]], dim=1)
    T = seqs.shape[1] - 1
    return seqs[(scores / T**length_penalty).argmax()]
