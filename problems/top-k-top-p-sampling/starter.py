import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    """Filter the next-token distribution, then draw one token per row.

    logits: float [B, V]; temperature > 0; top_k: int (0 = off); top_p: float (1.0 = off);
    generator: a torch.Generator for torch.multinomial.
    Returns: (probs float [B, V], zeros outside the kept set; tokens int64 [B]).
    """
    probs = torch.softmax(logits, dim=-1)  # [B, V]
    # TODO: divide by temperature, keep the top_k largest, keep the top_p nucleus,
    # softmax over what is left, then one torch.multinomial(probs, 1, generator=generator)
    tokens = probs.argmax(dim=-1)  # [B]
    return probs, tokens
