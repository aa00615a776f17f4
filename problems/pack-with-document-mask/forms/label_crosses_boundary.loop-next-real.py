# Wrong: the label is the next token whenever it is a real token, whatever its document.
import torch


def pack_documents(docs, max_len, pad_id=0):
    ids, owner, pos = [], [], []
    for d, doc in enumerate(docs):
        for k, tok in enumerate(doc.tolist()):
            if len(ids) < max_len:
                ids.append(tok)
                owner.append(d)
                pos.append(k)
    n_real = len(ids)
    while len(ids) < max_len:
        owner.append(-1 - len(ids))
        ids.append(pad_id)
        pos.append(0)
    labels = [ids[t + 1] if t + 1 < n_real else -100 for t in range(max_len)]
    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for q in range(max_len):
        for k in range(q + 1):
            mask[q, k] = owner[q] == owner[k]
    return torch.tensor(ids), torch.tensor(labels), torch.tensor(pos), mask
