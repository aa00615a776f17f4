"""A preallocated [B, 1 + max_len] buffer of pad_id, filled in place column by column (as
fairseq's sequence generator keeps its `tokens` buffer), with only the running rows written;
the unused columns are cut off at the end."""

import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    bsz = src.size(0)
    tokens = torch.full((bsz, max_len + 1), pad_id, dtype=torch.long)
    tokens[:, 0] = sos_id
    running = torch.ones(bsz, dtype=torch.bool)
    step = 0
    with torch.no_grad():
        while step < max_len and running.any():
            lprobs = model(src, tokens[:, : step + 1])[:, step]  # [B, V]
            best = lprobs.argmax(dim=-1)
            tokens[running, step + 1] = best[running]
            running &= tokens[:, step + 1] != eos_id
            step += 1
    return tokens[:, : step + 1]
