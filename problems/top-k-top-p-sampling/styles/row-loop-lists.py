"""A row-by-row version as written on a whiteboard: each row's kept token ids are found with
Python lists (sorted ids, a running total), the probabilities are built with a softmax over
the kept ids only, and the whole batch is drawn with one multinomial at the end."""

import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    B, V = logits.shape
    scaled = logits / temperature
    probs = torch.zeros_like(scaled)
    for b in range(B):
        ids = torch.argsort(scaled[b], descending=True).tolist()
        if top_k > 0:
            ids = ids[:top_k]
        if top_p < 1.0:
            p = torch.softmax(scaled[b, ids], dim=0).tolist()
            kept, total = [], 0.0
            for token, prob in zip(ids, p, strict=True):
                if total >= top_p:
                    break
                kept.append(token)
                total += prob
            ids = kept
        probs[b, ids] = torch.softmax(scaled[b, ids], dim=0)
    tokens = torch.multinomial(probs, 1, generator=generator).reshape(B)
    return probs, tokens
