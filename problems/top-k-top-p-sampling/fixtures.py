"""The random generator `top-k-top-p-sampling` hands your code.

Not the reference: a seeded `torch.Generator`, so that one `torch.multinomial` call draws the
same tokens in your code as in the reference when the probabilities agree. Each case builds
one from its own seed, as `generator(seed=...)`.
"""

import torch


def generator(seed):
    """A CPU torch.Generator seeded with `seed` (an int)."""
    return torch.Generator().manual_seed(int(seed))
