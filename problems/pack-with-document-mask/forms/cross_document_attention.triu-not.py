# Wrong: blocks only the future (~triu(1)); the packed neighbours stay visible.
import torch


def pack_documents(docs, max_len, pad_id=0):
    T = max_len
    ids = torch.full((T,), pad_id, dtype=torch.long)
    labels = torch.full((T,), -100, dtype=torch.long)
    pos = torch.zeros(T, dtype=torch.long)
    cur = 0
    for doc in docs:
        n = min(len(doc), T - cur)
        if n <= 0:
            break
        ids[cur : cur + n] = doc[:n]
        labels[cur : cur + n - 1] = doc[1:n]
        pos[cur : cur + n] = torch.arange(n)
        cur += n
    future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    return ids, labels, pos, ~future
