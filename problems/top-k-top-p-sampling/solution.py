import torch


def sample_next_token(
    logits: torch.Tensor,
    temperature: float,
    top_k: int,
    top_p: float,
    generator: torch.Generator,
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = logits / temperature  # [B, V]; T < 1 sharpens, T > 1 flattens

    if top_k > 0:
        # The k-th largest score of each row is the bar; everything below it goes.
        kth = torch.topk(scores, min(top_k, scores.size(-1)), dim=-1).values[:, -1:]  # [B, 1]
        scores = scores.masked_fill(scores < kth, float("-inf"))

    if top_p < 1.0:
        sorted_scores, sorted_idx = torch.sort(scores, dim=-1, descending=True)  # [B, V]
        sorted_probs = torch.softmax(sorted_scores, dim=-1)
        # Drop a token only if the tokens before it already reach top_p, so the token
        # that crosses the threshold stays (and the top token always stays).
        mass_before = torch.cumsum(sorted_probs, dim=-1) - sorted_probs
        drop_sorted = mass_before >= top_p
        drop = torch.zeros_like(drop_sorted).scatter(-1, sorted_idx, drop_sorted)
        scores = scores.masked_fill(drop, float("-inf"))

    probs = torch.softmax(scores, dim=-1)  # renormalised over the kept tokens, [B, V]
    tokens = torch.multinomial(probs, num_samples=1, generator=generator).squeeze(-1)  # [B]
    return probs, tokens
