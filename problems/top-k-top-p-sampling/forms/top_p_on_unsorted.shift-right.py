# Wrong: HF-style shifted removal mask, but the sort was forgotten.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    logits = logits / temperature
    if top_k > 0:
        threshold = logits.topk(top_k).values[:, -1:]
        logits[logits < threshold] = float("-inf")
    if top_p < 1.0:
        cumulative = logits.softmax(-1).cumsum(-1)
        to_remove = cumulative > top_p
        to_remove[:, 1:] = to_remove[:, :-1].clone()
        to_remove[:, 0] = False
        logits[to_remove] = float("-inf")
    probs = logits.softmax(-1)
    next_tokens = torch.multinomial(probs, num_samples=1, generator=generator).squeeze(1)
    return probs, next_tokens
