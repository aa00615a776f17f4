"""Plain loops, as a first whiteboard version: copy token by token while recording each
position's document and its offset in it, then fill the labels and the mask with two
nested loops."""

import torch


def pack_documents(docs, max_len, pad_id=0):
    ids, doc_of, pos = [], [], []
    for d, doc in enumerate(docs):
        for k, token in enumerate(doc.tolist()):
            if len(ids) == max_len:
                break
            ids.append(token)
            doc_of.append(d)
            pos.append(k)
    while len(ids) < max_len:
        doc_of.append(("pad", len(ids)))  # a document of its own
        ids.append(pad_id)
        pos.append(0)

    labels = []
    for t in range(max_len):
        if t + 1 < max_len and doc_of[t + 1] == doc_of[t]:
            labels.append(ids[t + 1])
        else:
            labels.append(-100)

    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for i in range(max_len):
        for j in range(i + 1):
            if doc_of[i] == doc_of[j]:
                mask[i, j] = True
    return torch.tensor(ids), torch.tensor(labels), torch.tensor(pos), mask
