# Wrong: per-row Python lists padded after eos, but the loop never exits early.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    seqs = [[sos_id] for _ in range(len(src))]
    for _ in range(max_len):
        logits = model(src, torch.tensor(seqs))
        best = logits[:, -1].argmax(-1).tolist()
        for seq, tok in zip(seqs, best, strict=True):
            ended = eos_id in seq
            seq.append(pad_id if ended else tok)
    return torch.tensor(seqs, dtype=torch.long)
