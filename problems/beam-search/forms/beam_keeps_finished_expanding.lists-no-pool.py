# Wrong: a list beam where ended hypotheses stay in the beam and keep growing.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    beam = [([sos_id], 0.0)]
    for _ in range(max_len):
        logp = torch.log_softmax(model(src, torch.tensor([b[0] for b in beam]))[:, -1], -1)
        expanded = [
            (toks + [v], s + logp[i, v].item())
            for i, (toks, s) in enumerate(beam)
            for v in range(logp.shape[-1])
        ]
        beam = sorted(expanded, key=lambda e: -e[1])[:beam_size]
    best = max(beam, key=lambda e: e[1] / (len(e[0]) - 1) ** length_penalty)
    return torch.tensor(best[0])
