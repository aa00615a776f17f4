"""The model is run only on the rows still decoding (index_select of the active rows, as
batched generation servers shrink their batch), the new tokens scattered back; finished
rows receive pad_id. The rows do not interact, so the answer is the same."""

import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.shape[0]
    ys = torch.full((B, 1), sos_id, dtype=torch.long)
    active = torch.arange(B)
    for _ in range(max_len):
        if active.numel() == 0:
            break
        logits = model(src.index_select(0, active), ys.index_select(0, active))
        step = torch.full((B,), pad_id, dtype=torch.long)
        step[active] = logits[:, -1].argmax(-1)
        ys = torch.cat([ys, step.unsqueeze(1)], dim=1)
        active = active[step[active] != eos_id]
    return ys
