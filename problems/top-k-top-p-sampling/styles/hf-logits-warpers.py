"""Hugging Face's TemperatureLogitsWarper, TopKLogitsWarper and TopPLogitsWarper as three small
callables applied in turn (top-p sorts ascending and removes the tokens whose cumulative
probability stays within 1 - top_p, keeping the last one), then `torch.multinomial`.
Adapted to the contract: the settings come as arguments and the generator is passed in."""

import torch


class TemperatureWarper:
    def __init__(self, temperature):
        self.temperature = temperature

    def __call__(self, scores):
        return scores / self.temperature


class TopKWarper:
    def __init__(self, top_k, filter_value=-float("Inf")):
        self.top_k = top_k
        self.filter_value = filter_value

    def __call__(self, scores):
        top_k = min(self.top_k, scores.size(-1))
        indices_to_remove = scores < torch.topk(scores, top_k)[0][..., -1, None]
        return scores.masked_fill(indices_to_remove, self.filter_value)


class TopPWarper:
    def __init__(self, top_p, filter_value=-float("Inf"), min_tokens_to_keep=1):
        self.top_p = top_p
        self.filter_value = filter_value
        self.min_tokens_to_keep = min_tokens_to_keep

    def __call__(self, scores):
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        sorted_indices_to_remove = cumulative_probs <= (1 - self.top_p)
        sorted_indices_to_remove[..., -self.min_tokens_to_keep :] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(
            1, sorted_indices, sorted_indices_to_remove
        )
        return scores.masked_fill(indices_to_remove, self.filter_value)


def sample_next_token(logits, temperature, top_k, top_p, generator):
    warpers = [TemperatureWarper(temperature)]
    if top_k > 0:
        warpers.append(TopKWarper(top_k))
    if top_p < 1.0:
        warpers.append(TopPWarper(top_p))
    scores = logits
    for warp in warpers:
        scores = warp(scores)
    probs = torch.nn.functional.softmax(scores, dim=-1)
    next_tokens = torch.multinomial(probs, num_samples=1, generator=generator).squeeze(1)
    return probs, next_tokens
