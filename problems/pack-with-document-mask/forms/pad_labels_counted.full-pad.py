# Wrong: starts the labels as a row of pad_id, so the pads keep pad_id as their target.
import torch


def pack_documents(docs, max_len, pad_id=0):
    T = max_len
    ids = torch.full((T,), pad_id, dtype=torch.long)
    labels = torch.full((T,), pad_id, dtype=torch.long)
    pos = torch.zeros(T, dtype=torch.long)
    seg = -1 - torch.arange(T)
    cur = 0
    for d, doc in enumerate(docs):
        n = min(len(doc), T - cur)
        if n <= 0:
            break
        ids[cur : cur + n] = doc[:n]
        labels[cur : cur + n - 1] = doc[1:n]
        labels[cur + n - 1] = -100
        pos[cur : cur + n] = torch.arange(n)
        seg[cur : cur + n] = d
        cur += n
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool)) & (seg[:, None] == seg[None, :])
    return ids, labels, pos, mask
