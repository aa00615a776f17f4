"""The TensorFlow Transformer tutorial's get_angles / positional_encoding: rates computed for every
column with 2 * (i // 2), then sin on 0::2 and cos on 1::2. The tutorial adds a batch axis
(pos_encoding[np.newaxis, ...]) and casts to tf.float32; the contract wants [L, d_model]."""

import numpy as np


def get_angles(pos, i, d_model):
    angle_rates = 1 / np.power(10000, (2 * (i // 2)) / np.float32(d_model))
    return pos * angle_rates


def positional_encoding(position, d_model):
    angle_rads = get_angles(
        np.arange(position)[:, np.newaxis], np.arange(d_model)[np.newaxis, :], d_model
    )

    # apply sin to even indices in the array; 2i
    angle_rads[:, 0::2] = np.sin(angle_rads[:, 0::2])

    # apply cos to odd indices in the array; 2i+1
    angle_rads[:, 1::2] = np.cos(angle_rads[:, 1::2])

    return angle_rads.astype(np.float32)
