# Wrong: a normalise() helper is written but the final max uses the raw score.
import heapq

import torch


def normalise(score, length, alpha):
    return score / length**alpha


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    live = [(0.0, [sos_id])]
    ended = []
    for _ in range(max_len):
        logits = model(src, torch.tensor([seq for _, seq in live]))[:, -1]
        logp = torch.log_softmax(logits, -1).tolist()
        options = (
            (score + lp, seq + [tok])
            for (score, seq), row in zip(live, logp, strict=True)
            for tok, lp in enumerate(row)
        )
        best = heapq.nlargest(beam_size, options, key=lambda o: o[0])
        ended += [b for b in best if b[1][-1] == eos_id]
        live = [b for b in best if b[1][-1] != eos_id]
        if len(ended) >= beam_size:
            break
    else:
        ended += live
    score, seq = max(ended, key=lambda e: e[0])
    return torch.tensor(seq, dtype=torch.long)
