# Wrong: list-based beam that scores with the logits, thinking softmax is monotonic.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    hyps = [([sos_id], 0.0)]
    complete = []
    for _ in range(max_len):
        out = model(src, torch.tensor([h[0] for h in hyps]))[:, -1]
        pool = []
        for (toks, s), row in zip(hyps, out.tolist(), strict=True):
            pool += [(toks + [v], s + x) for v, x in enumerate(row)]
        pool = sorted(pool, key=lambda p: p[1], reverse=True)[:beam_size]
        complete += [p for p in pool if p[0][-1] == eos_id]
        hyps = [p for p in pool if p[0][-1] != eos_id]
        if len(complete) >= beam_size:
            break
    else:
        complete += hyps
    best = max(complete, key=lambda p: p[1] / (len(p[0]) - 1) ** length_penalty)
    return torch.tensor(best[0])
