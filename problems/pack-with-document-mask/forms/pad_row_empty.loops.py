# Wrong: the loop skips every pad when filling the mask, diagonal included.
import torch


def pack_documents(docs, max_len, pad_id=0):
    ids, owner, pos = [], [], []
    for d, doc in enumerate(docs):
        for k, tok in enumerate(doc.tolist()):
            if len(ids) < max_len:
                ids.append(tok)
                owner.append(d)
                pos.append(k)
    while len(ids) < max_len:
        owner.append(None)
        ids.append(pad_id)
        pos.append(0)
    labels = []
    for t in range(max_len):
        same = t + 1 < max_len and owner[t] is not None and owner[t + 1] == owner[t]
        labels.append(ids[t + 1] if same else -100)
    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for q in range(max_len):
        for k in range(q + 1):
            if owner[q] is not None and owner[q] == owner[k]:
                mask[q, k] = True
    return torch.tensor(ids), torch.tensor(labels), torch.tensor(pos), mask
