"""An object-oriented version as written in interviews that ask for "clean code": a frozen
`Hypothesis` dataclass with `extend` and `normalised` methods, each hypothesis run through
the model on its own (one row at a time; rows do not interact), sorted() for the top-k."""

from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class Hypothesis:
    tokens: tuple[int, ...]
    log_prob: float

    def extend(self, token: int, log_prob: float) -> "Hypothesis":
        return Hypothesis(self.tokens + (token,), self.log_prob + log_prob)

    def normalised(self, alpha: float) -> float:
        return self.log_prob / (len(self.tokens) - 1) ** alpha


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    beam = [Hypothesis((sos_id,), 0.0)]
    finished: list[Hypothesis] = []
    for _ in range(max_len):
        candidates = []
        for hyp in beam:
            logits = model(src, torch.tensor([hyp.tokens]))[0, -1]
            for token, lp in enumerate(torch.log_softmax(logits, dim=-1).tolist()):
                candidates.append(hyp.extend(token, lp))
        candidates = sorted(candidates, key=lambda h: h.log_prob, reverse=True)[:beam_size]
        finished += [h for h in candidates if h.tokens[-1] == eos_id]
        beam = [h for h in candidates if h.tokens[-1] != eos_id]
        if len(finished) >= beam_size:
            break
    else:
        finished += beam
    best = max(finished, key=lambda h: h.normalised(length_penalty))
    return torch.tensor(best.tokens)
