# Wrong: packed as bitsandbytes does, quantized[::2] << 4 | quantized[1::2] (high first).
import torch


def quantize_int4_groups(w, group_size=128):
    t = torch.from_numpy(w)
    rows = t.shape[0]
    x = t.reshape(-1, group_size)
    mn, mx = x.amin(1, keepdim=True), x.amax(1, keepdim=True)
    s = torch.where(mx > mn, (mx - mn) / 15, torch.ones_like(mx))
    z = torch.round(-mn / s).clamp(0, 15)
    q = (torch.round(x / s) + z).clamp(0, 15).to(torch.uint8).reshape(rows, -1)
    packed = q[:, ::2] << 4 | q[:, 1::2]
    return packed.numpy(), s.view(rows, -1).numpy(), z.view(rows, -1).to(torch.uint8).numpy()
