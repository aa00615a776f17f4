"""nanoGPT's `generate` step: `logits / temperature`, the top-k crop with
`logits[logits < v[:, [-1]]] = -float('Inf')`, `F.softmax`, `torch.multinomial`. nanoGPT has
no top-p; it is added here in the same in-place style. Adapted to the contract: one step
instead of a loop, and the filtered probabilities returned with the tokens."""

import torch
from torch.nn import functional as F


def sample_next_token(logits, temperature, top_k, top_p, generator):
    logits = logits / temperature
    if top_k:
        v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
        logits[logits < v[:, [-1]]] = -float("Inf")
    if top_p < 1.0:
        sorted_logits, sorted_idx = torch.sort(logits, dim=-1, descending=True)
        cum_probs = torch.cumsum(F.softmax(sorted_logits, dim=-1), dim=-1)
        remove = cum_probs > top_p
        remove[:, 1:] = remove[:, :-1].clone()  # keep the token that crosses top_p
        remove[:, 0] = False
        logits[remove.scatter(1, sorted_idx, remove)] = -float("Inf")
    probs = F.softmax(logits, dim=-1)
    idx_next = torch.multinomial(probs, num_samples=1, generator=generator)
    return probs, idx_next.view(-1)
