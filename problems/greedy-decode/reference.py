"""Trusted reference: batched greedy decoding with a per-row stop and an early exit.

What Hugging Face's `generate` does with `do_sample=False` (its `unfinished_sequences`
loop), with the start token kept as column 0 and at most `max_len` new tokens.
"""

import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    """ys int64 [B, 1 + T]: sos, then T <= max_len greedy tokens; pad after a row's eos."""
    batch = src.shape[0]
    ys = torch.full((batch, 1), sos_id, dtype=torch.long)  # [B, 1]
    finished = torch.zeros(batch, dtype=torch.bool)  # [B]
    for _ in range(max_len):
        with torch.no_grad():
            logits = model(src, ys)  # [B, t, V]
        next_token = logits[:, -1].argmax(dim=-1)  # [B], the first maximum wins
        next_token = next_token.masked_fill(finished, pad_id)
        ys = torch.cat([ys, next_token[:, None]], dim=1)  # [B, t + 1]
        finished |= next_token == eos_id
        if finished.all():
            break
    return ys
