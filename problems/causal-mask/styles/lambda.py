"""A one-line lambda bound to the entry-point name."""

import torch

causal_mask = lambda size: torch.tril(torch.ones((size, size), dtype=torch.bool))  # noqa: E731
