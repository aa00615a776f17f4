"""Trusted reference: temperature, top-k, top-p (nucleus) filtering, then one multinomial draw.

The order and the kept sets are those of Hugging Face's logits warpers
(TemperatureLogitsWarper, TopKLogitsWarper, TopPLogitsWarper with min_tokens_to_keep=1):
top-p is computed on the distribution left after top-k, and the token whose cumulative
probability crosses top_p is kept.
"""

import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    """probs float [B, V] (zeros outside the kept set) and tokens int64 [B]."""
    scores = logits / temperature  # [B, V]
    if top_k > 0:
        k = min(int(top_k), scores.shape[-1])
        kth = scores.topk(k, dim=-1).values[..., -1:]  # [B, 1], the k-th largest
        scores = scores.masked_fill(scores < kth, float("-inf"))
    if top_p < 1.0:
        sorted_scores, order = scores.sort(dim=-1, descending=True)  # [B, V]
        sorted_probs = sorted_scores.softmax(dim=-1)
        before = sorted_probs.cumsum(dim=-1) - sorted_probs  # mass strictly before each token
        drop_sorted = before >= top_p  # the set already reached top_p without this token
        drop = drop_sorted.scatter(-1, order, drop_sorted)  # back to vocabulary order
        scores = scores.masked_fill(drop, float("-inf"))
    probs = scores.softmax(dim=-1)  # renormalised over the kept tokens
    tokens = torch.multinomial(probs, 1, generator=generator).squeeze(-1)  # [B]
    return probs, tokens
