import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        # TODO: build the [max_len, d_model] sinusoidal table (not a parameter)

    def forward(self, tokens):
        """tokens: int64 [B, L] -> float32 [B, L, d_model]."""
        # TODO: scale the embeddings by sqrt(d_model), add the table's first L rows
        return self.dropout(self.embed(tokens))
