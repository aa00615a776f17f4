def moe_router(logits, k):
    idx = logits.argsort(dim=-1)[:, :k]  # argsort sorts ascending
    vals = logits.gather(-1, idx)
    return vals.softmax(-1), idx
