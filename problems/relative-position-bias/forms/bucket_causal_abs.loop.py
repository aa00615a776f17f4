# Wrong: loop version with abs() in the unidirectional case.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    result = torch.empty_like(relative_position)
    flat_in, flat_out = relative_position.reshape(-1), result.view(-1)
    for k in range(flat_in.numel()):
        x = int(flat_in[k])
        nb = num_buckets // 2 if bidirectional else num_buckets
        base = nb if (bidirectional and x > 0) else 0
        n = abs(x)
        me = nb // 2
        if n < me:
            flat_out[k] = base + n
        else:
            flat_out[k] = base + min(
                nb - 1, me + int(math.log(n / me) / math.log(max_distance / me) * (nb - me))
            )
    return result
