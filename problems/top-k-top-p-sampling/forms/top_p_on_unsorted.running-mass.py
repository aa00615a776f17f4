# Wrong: walks the vocabulary left to right, keeping tokens until top_p is reached.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    x = logits.double() / temperature
    if top_k > 0:
        x = x.masked_fill(x < torch.topk(x, top_k, dim=-1).values[:, -1:], float("-inf"))
    if top_p < 1.0:
        p = torch.softmax(x, dim=-1)
        running = torch.zeros(x.shape[0], dtype=x.dtype)
        keep = torch.zeros_like(x, dtype=torch.bool)
        for j in range(x.shape[1]):
            keep[:, j] = running < top_p
            running = running + p[:, j]
        x = x.masked_fill(~keep, float("-inf"))
    probs = torch.softmax(x, dim=-1).float()
    return probs, torch.multinomial(probs, 1, generator=generator).flatten()
