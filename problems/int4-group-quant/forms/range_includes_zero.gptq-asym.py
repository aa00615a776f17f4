# Wrong: GPTQ's find_params clamps xmin <= 0 <= xmax, so one-sided groups get a wider range.
import torch


def quantize_int4_groups(w, group_size=128):
    W = torch.from_numpy(w)
    rows = W.shape[0]
    x = W.reshape(-1, group_size)
    tmp = torch.zeros(x.shape[0], dtype=x.dtype)
    xmin = torch.minimum(x.min(1)[0], tmp)
    xmax = torch.maximum(x.max(1)[0], tmp)
    scale = (xmax - xmin) / 15
    scale[xmax == xmin] = 1.0
    zero = torch.round(-xmin / scale).clamp(0, 15)
    q = torch.clamp(torch.round(x / scale[:, None]) + zero[:, None], 0, 15).to(torch.uint8)
    q = q.reshape(W.shape)
    packed = q[:, 0::2] | (q[:, 1::2] << 4)
    return packed.numpy(), scale.view(rows, -1).numpy(), zero.view(rows, -1).to(torch.uint8).numpy()
