# Wrong: one running counter for the positions, shared by every document and the pads.
import torch


def pack_documents(docs, max_len, pad_id=0):
    ids, owner, positions = [], [], []
    step = 0
    for d, doc in enumerate(docs):
        for tok in doc.tolist():
            if len(ids) < max_len:
                ids.append(tok)
                owner.append(d)
                positions.append(step)
                step += 1
    while len(ids) < max_len:
        owner.append(-1 - len(ids))
        ids.append(pad_id)
        positions.append(step)
        step += 1
    labels = [
        ids[t + 1] if t + 1 < max_len and owner[t + 1] == owner[t] else -100 for t in range(max_len)
    ]
    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for q in range(max_len):
        for k in range(q + 1):
            mask[q, k] = owner[q] == owner[k]
    return torch.tensor(ids), torch.tensor(labels), torch.tensor(positions), mask
