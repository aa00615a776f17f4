"""Vectorised from a boundary flag: mark where each document starts, a cumulative sum of
the flags gives a segment id per position, and arange minus the gathered segment start
gives the positions. The mask compares segment ids, ANDed with torch.tril."""

import torch


def pack_documents(docs, max_len, pad_id=0):
    flat = torch.cat(list(docs))[:max_len]
    n_real = flat.numel()
    is_start = torch.cat(
        [torch.nn.functional.pad(torch.zeros(len(d) - 1), (1, 0), value=1.0) for d in docs]
    )
    is_start = is_start[:n_real].bool()
    is_start = torch.cat([is_start, torch.ones(max_len - n_real, dtype=torch.bool)])  # pads
    segment = torch.cumsum(is_start.long(), dim=0) - 1  # [T], 0-based segment id

    input_ids = torch.full((max_len,), pad_id, dtype=torch.long)
    input_ids[:n_real] = flat
    starts = torch.nonzero(is_start).squeeze(1)  # start position of each segment
    position_ids = torch.arange(max_len) - starts[segment]

    next_same = torch.zeros(max_len, dtype=torch.bool)
    next_same[:-1] = segment[1:] == segment[:-1]
    labels = torch.roll(input_ids, -1).masked_fill(~next_same, -100)

    ones = torch.ones(max_len, max_len, dtype=torch.bool)
    attention_mask = torch.tril(ones) & (segment.unsqueeze(1) == segment.unsqueeze(0))
    return input_ids, labels, position_ids, attention_mask
