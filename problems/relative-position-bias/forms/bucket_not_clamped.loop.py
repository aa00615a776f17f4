# Wrong: element by element with math.log, and no cap for distances past max_distance.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    flat = []
    for x in relative_position.flatten().tolist():
        nb, b = num_buckets, 0
        if bidirectional:
            nb //= 2
            b = nb if x > 0 else 0
            n = abs(x)
        else:
            n = max(-x, 0)
        max_exact = nb // 2
        if n < max_exact:
            b += n
        else:
            b += max_exact + int(
                math.log(n / max_exact) / math.log(max_distance / max_exact) * (nb - max_exact)
            )
        flat.append(b)
    return torch.tensor(flat, dtype=torch.long).reshape(relative_position.shape)
