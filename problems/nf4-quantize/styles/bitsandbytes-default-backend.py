"""bitsandbytes' pure-torch 4-bit quantiser, without the packing.

From bitsandbytes-foundation/bitsandbytes, bitsandbytes/backends/default/ops.py (the
"default" kernel of `bitsandbytes::quantize_4bit`) and the `CODE["nf4"]` table of
bitsandbytes/backends/utils.py, read 2026-12: `A_flattened = A.reshape(n)`, `absmax[:
full_blocks] = torch.abs(A_full_blocks).max(dim=-1)[0]`, `scaled = torch.clamp(
A_full_blocks * (1 / absmax...), -1, 1)`, `quantized = torch.argmin(torch.abs(
scaled.view(-1, 1) - code), dim=-1)`. Changed for this contract: float64 instead of
float32 (so exact ties stay ties), a zero absmax replaced by 1.0, no partial last block
(w.size is a multiple of block_size), and the codes returned one per value instead of
packed two per byte (`quantized[::2] << 4 | quantized[1::2]`)."""

import torch

_NF4_QUANT_TABLE = torch.tensor(
    [
        -1.0,
        -0.6961928009986877,
        -0.5250730514526367,
        -0.39491748809814453,
        -0.28444138169288635,
        -0.18477343022823334,
        -0.09105003625154495,
        0.0,
        0.07958029955625534,
        0.16093020141124725,
        0.24611230194568634,
        0.33791524171829224,
        0.44070982933044434,
        0.5626170039176941,
        0.7229568362236023,
        1.0,
    ],
    dtype=torch.float32,
)


def nf4_quantize(w, block_size=64):
    A = torch.from_numpy(w)
    blocksize = block_size
    n = A.numel()
    full_blocks = n // blocksize
    absmax = torch.zeros((full_blocks,), dtype=torch.float64)
    A_flattened = A.reshape(n)
    A_full_blocks = A_flattened.reshape(n // blocksize, blocksize)
    absmax[:full_blocks] = torch.abs(A_full_blocks).max(dim=-1)[0]
    absmax = torch.where(absmax == 0, torch.ones_like(absmax), absmax)
    scaled = torch.clamp(A_full_blocks * (1 / absmax.view(-1, 1)), -1, 1).reshape(-1)
    code = _NF4_QUANT_TABLE.to(scaled.dtype)
    quantized = torch.argmin(torch.abs(scaled.view(-1, 1) - code), dim=-1).to(torch.uint8)
    return quantized.numpy(), absmax.numpy()
