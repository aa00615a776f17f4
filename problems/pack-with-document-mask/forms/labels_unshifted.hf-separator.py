# Wrong: Hugging Face's flattening labels ([-100] + ids[1:] per document) returned as they
# are, unshifted.
import torch


def pack_documents(docs, max_len, pad_id=0, separator_id=-100):
    ids, labels, positions, blocks = [], [], [], []
    for doc in docs:
        room = max_len - len(ids)
        if room <= 0:
            break
        tokens = doc.tolist()[:room]
        blocks.append((len(ids), len(tokens)))
        ids += tokens
        labels += [separator_id] + tokens[1:]
        positions += list(range(len(tokens)))
    n_pad = max_len - len(ids)
    for k in range(n_pad):
        blocks.append((len(ids) + k, 1))
    ids += [pad_id] * n_pad
    labels += [separator_id] * n_pad
    positions += [0] * n_pad
    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for s, n in blocks:
        mask[s : s + n, s : s + n] = torch.ones(n, n, dtype=torch.bool).tril()
    return torch.tensor(ids), torch.tensor(labels), torch.tensor(positions), mask
