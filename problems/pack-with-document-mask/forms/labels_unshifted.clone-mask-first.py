# Wrong: labels = input_ids.clone() with each document's first token and the pads set to
# -100: aligned with the inputs instead of shifted.
import torch


def pack_documents(docs, max_len, pad_id=0):
    T = max_len
    ids = torch.full((T,), pad_id, dtype=torch.long)
    pos = torch.zeros(T, dtype=torch.long)
    seg = -1 - torch.arange(T)
    cur = 0
    for d, doc in enumerate(docs):
        n = min(len(doc), T - cur)
        if n <= 0:
            break
        ids[cur : cur + n] = doc[:n]
        pos[cur : cur + n] = torch.arange(n)
        seg[cur : cur + n] = d
        cur += n
    labels = ids.clone()
    labels[pos == 0] = -100
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool)) & (seg[:, None] == seg[None, :])
    return ids, labels, pos, mask
