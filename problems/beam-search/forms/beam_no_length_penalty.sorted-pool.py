# Wrong: sorts the finished pool by total log-probability and forgets length_penalty.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    beams = [([sos_id], 0.0)]
    finished = []
    for _ in range(max_len):
        ys = torch.tensor([b[0] for b in beams])
        logp = torch.log_softmax(model(src, ys)[:, -1], dim=-1)
        cand = []
        for i, (toks, score) in enumerate(beams):
            for v in range(logp.shape[1]):
                cand.append((toks + [v], score + logp[i, v].item()))
        cand.sort(key=lambda c: c[1], reverse=True)
        beams = []
        for toks, score in cand[:beam_size]:
            (finished if toks[-1] == eos_id else beams).append((toks, score))
        if len(finished) >= beam_size:
            break
    else:
        finished += beams
    finished.sort(key=lambda c: c[1], reverse=True)
    return torch.tensor(finished[0][0])
