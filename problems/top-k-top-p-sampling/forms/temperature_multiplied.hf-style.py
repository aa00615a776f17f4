# Wrong: scales the logits by the temperature instead of dividing.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    scores = logits * temperature
    if top_k > 0:
        indices_to_remove = scores < torch.topk(scores, top_k)[0][..., -1, None]
        scores = scores.masked_fill(indices_to_remove, -float("inf"))
    if top_p < 1.0:
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        sorted_indices_to_remove = cumulative_probs <= (1 - top_p)
        sorted_indices_to_remove[..., -1:] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(
            1, sorted_indices, sorted_indices_to_remove
        )
        scores = scores.masked_fill(indices_to_remove, -float("inf"))
    probs = torch.softmax(scores, dim=-1)
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(1)
