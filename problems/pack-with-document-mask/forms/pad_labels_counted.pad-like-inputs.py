# Wrong: labels are padded with pad_id, the same way as input_ids.
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
        labels += tokens[1:] + [-100]
        positions += list(range(len(tokens)))
    n_pad = max_len - len(input_ids)
    for k in range(n_pad):
        blocks.append((len(input_ids) + k, 1))
    input_ids += [pad_id] * n_pad
    labels += [pad_id] * n_pad
    positions += [0] * n_pad
    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for s, n in blocks:
        mask[s : s + n, s : s + n] = torch.ones(n, n, dtype=torch.bool).tril()
    return torch.tensor(input_ids), torch.tensor(labels), torch.tensor(positions), mask
