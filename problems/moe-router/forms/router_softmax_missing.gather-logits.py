def moe_router(logits, k):
    idx = logits.argsort(dim=-1, descending=True)[..., :k]
    return logits.gather(-1, idx), idx
