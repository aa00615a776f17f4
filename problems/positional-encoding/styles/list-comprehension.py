"""The list-comprehension table found in many early Transformer repos (e.g. Kyubyong/transformer,
jadore801120/attention-is-all-you-need-pytorch): pos / 10000^(2 * (j // 2) / d) for every column,
then sin on even and cos on odd columns."""

import numpy as np


def positional_encoding(max_seq_len, d_model):
    def cal_angle(position, hid_idx):
        return position / np.power(10000, 2 * (hid_idx // 2) / d_model)

    def get_posi_angle_vec(position):
        return [cal_angle(position, hid_j) for hid_j in range(d_model)]

    sinusoid_table = np.array([get_posi_angle_vec(pos_i) for pos_i in range(max_seq_len)])
    sinusoid_table[:, 0::2] = np.sin(sinusoid_table[:, 0::2])  # dim 2i
    sinusoid_table[:, 1::2] = np.cos(sinusoid_table[:, 1::2])  # dim 2i+1
    return sinusoid_table
