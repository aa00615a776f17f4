"""One tensor per turn, joined with torch.cat: each turn's ids with eos appended, and its
labels either the same tensor or torch.full_like(..., -100)."""

import torch


def build_sft_example(turns, bos=1, eos=2, train_roles=("assistant",)):
    id_pieces = [torch.tensor([bos])]
    label_pieces = [torch.tensor([-100])]
    for role, token_ids in turns:
        piece = torch.cat([torch.tensor(token_ids, dtype=torch.long), torch.tensor([eos])])
        id_pieces.append(piece)
        label_pieces.append(piece if role in train_roles else torch.full_like(piece, -100))
    return torch.cat(id_pieces), torch.cat(label_pieces)
