import torch.nn as nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        """x: [B, L, d_model].

        pre_norm False (post-LN): norm(x + dropout(ffn(x)))
        pre_norm True  (pre-LN):  x + dropout(ffn(norm(x)))
        Returns: [B, L, d_model]
        """
        # TODO: wrap self.ffn in a residual connection and self.norm
        return self.ffn(x)
