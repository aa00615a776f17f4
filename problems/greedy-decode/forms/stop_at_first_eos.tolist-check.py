# Wrong: checks eos with a Python membership test on the new tokens, then breaks.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    tokens = [[sos_id] for _ in range(src.shape[0])]
    for _ in range(max_len):
        ys = torch.tensor(tokens, dtype=torch.long)
        new = model(src, ys)[:, -1].argmax(dim=-1).tolist()
        for row, tok in zip(tokens, new, strict=True):
            row.append(tok)
        if eos_id in new:
            break
    return torch.tensor(tokens, dtype=torch.long)
