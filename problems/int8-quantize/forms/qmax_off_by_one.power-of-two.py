# Wrong: qmax = 2 ** (bits - 1), one too many; the top code is then clipped to 127.
import numpy as np


def quantize_per_channel(w, bits=8):
    qmax = 2 ** (bits - 1)
    amax = np.max(np.abs(w), axis=-1)
    scale = amax / qmax
    scale[amax == 0] = 1.0
    q = np.rint(w / scale[:, None])
    q = np.clip(q, -qmax, qmax - 1)
    return q.astype(np.int8), scale
