"""The Annotated Transformer's greedy_decode decodes one sentence (batch of 1): softmax-free
`torch.max(prob, dim=1)` on the last position, `ys` grown with `fill_(next_word)`. Adapted:
it stops at eos and runs max_len steps, and a batch is decoded row by row, the shorter rows
padded to the longest with pad_id."""

import torch


def decode_one(model, src, max_len, start_symbol, end_symbol):
    ys = torch.zeros(1, 1).fill_(start_symbol).type_as(src.data)
    for _ in range(max_len):
        out = model(src, ys)
        prob = out[:, -1]
        _, next_word = torch.max(prob, dim=1)
        next_word = next_word.data[0]
        ys = torch.cat([ys, torch.zeros(1, 1).type_as(src.data).fill_(next_word)], dim=1)
        if next_word == end_symbol:
            break
    return ys[0]


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    rows = [decode_one(model, src[i : i + 1], max_len, sos_id, eos_id) for i in range(len(src))]
    width = max(len(row) for row in rows)
    out = torch.full((len(rows), width), pad_id, dtype=torch.long)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out
