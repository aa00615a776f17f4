"""Plain Python: hypotheses as (score, tokens) tuples, `heapq.nlargest` for the top-k over
every continuation, the model called once per step on the stacked live hypotheses, and
`math.pow` for the length penalty."""

import heapq
import math

import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    live = [(0.0, (sos_id,))]
    done = []
    for _ in range(max_len):
        batch = torch.tensor([tokens for _, tokens in live], dtype=torch.long)
        log_probs = torch.log_softmax(model(src, batch)[:, -1], dim=-1).tolist()
        expansions = [
            (score + lp, tokens + (v,))
            for (score, tokens), row in zip(live, log_probs, strict=True)
            for v, lp in enumerate(row)
        ]
        survivors = heapq.nlargest(beam_size, expansions, key=lambda e: e[0])
        done.extend(e for e in survivors if e[1][-1] == eos_id)
        live = [e for e in survivors if e[1][-1] != eos_id]
        if len(done) >= beam_size:
            break
    else:
        done.extend(live)

    def final(entry):
        score, tokens = entry
        return score / math.pow(len(tokens) - 1, length_penalty)

    return torch.tensor(max(done, key=final)[1], dtype=torch.long)
