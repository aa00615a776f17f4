"""The `top_k_top_p_filtering(logits, top_k, top_p, filter_value)` helper that Hugging Face
shipped (and many tutorials copied) before the logits warpers: top-k with
`torch.topk(...)[0][..., -1, None]`, top-p with a descending sort and the removal mask
shifted right by one. Adapted: temperature first, and the draw with the given generator."""

import torch
import torch.nn.functional as F


def top_k_top_p_filtering(logits, top_k=0, top_p=1.0, filter_value=-float("Inf")):
    if top_k > 0:
        top_k = min(top_k, logits.size(-1))
        indices_to_remove = logits < torch.topk(logits, top_k)[0][..., -1, None]
        logits = logits.masked_fill(indices_to_remove, filter_value)
    if top_p < 1.0:
        sorted_logits, sorted_indices = torch.sort(logits, descending=True)
        cumulative_probs = torch.cumsum(F.softmax(sorted_logits, dim=-1), dim=-1)
        sorted_indices_to_remove = cumulative_probs > top_p
        sorted_indices_to_remove[..., 1:] = sorted_indices_to_remove[..., :-1].clone()
        sorted_indices_to_remove[..., 0] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(
            1, sorted_indices, sorted_indices_to_remove
        )
        logits = logits.masked_fill(indices_to_remove, filter_value)
    return logits


def sample_next_token(logits, temperature, top_k, top_p, generator):
    filtered = top_k_top_p_filtering(logits / temperature, top_k=top_k, top_p=top_p)
    probabilities = F.softmax(filtered, dim=-1)
    next_token = torch.multinomial(probabilities, 1, generator=generator)
    return probabilities, next_token.squeeze(-1)
