"""Plain Python lists of token ids, one per row, turned into a tensor only to call the model;
a row that holds eos gets pad_id appended; the loop ends when every row holds eos."""

import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    seqs = [[sos_id] for _ in range(src.shape[0])]
    for _ in range(max_len):
        logits = model(src, torch.tensor(seqs, dtype=torch.long))
        best = logits[:, -1].argmax(dim=-1).tolist()
        for seq, token in zip(seqs, best, strict=True):
            seq.append(pad_id if eos_id in seq else token)
        if all(eos_id in seq for seq in seqs):
            break
    return torch.tensor(seqs, dtype=torch.long)
