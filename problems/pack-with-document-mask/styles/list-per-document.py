"""Per-document lists, the way a data pipeline writes it: for each document that fits,
its labels are `tokens[1:] + [-100]` and its positions `range(n)`, appended to running
lists; the mask is written block by block into a zero matrix."""

import torch


def pack_documents(docs, max_len, pad_id=0):
    input_ids, labels, positions, blocks = [], [], [], []
    for doc in docs:
        room = max_len - len(input_ids)
        if room <= 0:
            break
        tokens = doc.tolist()[:room]
        blocks.append((len(input_ids), len(tokens)))
        input_ids += tokens
        labels += tokens[1:] + [-100]  # a document's last token predicts nothing
        positions += list(range(len(tokens)))
    while len(input_ids) < max_len:
        blocks.append((len(input_ids), 1))
        input_ids.append(pad_id)
        labels.append(-100)
        positions.append(0)

    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for start, n in blocks:
        mask[start : start + n, start : start + n] = torch.tril(torch.ones(n, n)).bool()
    as_long = lambda xs: torch.tensor(xs, dtype=torch.long)  # noqa: E731
    return as_long(input_ids), as_long(labels), as_long(positions), mask
