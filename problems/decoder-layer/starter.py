import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        """q: [B, Lq, d_model], k/v: [B, Lk, d_model]; mask bool, False = blocked.

        Returns: [B, Lq, d_model]
        """
        # TODO: multi-head attention, as in the multi-head-attention problem
        return q


class TransformerDecoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.cross_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        """x: [B, Lt, d_model] target; memory: [B, Ls, d_model] encoder output.

        tgt_mask: bool, broadcasts to [B, 1, Lt, Lt]; memory_mask: bool, broadcasts to
        [B, 1, 1, Ls]; False = blocked.
        Returns: [B, Lt, d_model]
        """
        # TODO: post-LN masked self-attention, cross-attention over memory, feed-forward
        return x
