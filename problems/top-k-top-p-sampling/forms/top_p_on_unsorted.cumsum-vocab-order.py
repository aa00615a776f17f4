# Wrong: cumulative sum over the vocabulary order instead of sorted probabilities.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    logits = logits / temperature
    if top_k > 0:
        kth = torch.topk(logits, top_k, dim=-1).values[..., -1, None]
        logits = logits.masked_fill(logits < kth, float("-inf"))
    if top_p < 1.0:
        probs = torch.softmax(logits, dim=-1)
        cum = torch.cumsum(probs, dim=-1)
        remove = cum - probs >= top_p
        logits = logits.masked_fill(remove, float("-inf"))
    probs = torch.softmax(logits, dim=-1)
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)
