"""Known mistakes in the post-LN encoder layer (same submodules as the reference)."""

from reference_impl.torch_ops import TransformerEncoderLayer as _Base


class ResidualMissing(_Base):
    def forward(self, x, mask=None):
        x = self.norm1(self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(self.dropout(self.ffn(x)))


class PreLN(_Base):
    def forward(self, x, mask=None):
        y = self.norm1(x)
        x = x + self.dropout(self.self_attn(y, y, y, mask))
        return x + self.dropout(self.ffn(self.norm2(x)))


class ReluMissing(_Base):
    def forward(self, x, mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        hidden = self.ffn[0](x)  # the ReLU is skipped
        return self.norm2(x + self.dropout(self.ffn[3](hidden)))


MISTAKES = {
    "residual_missing": ResidualMissing,
    "pre_ln_instead_of_post_ln": PreLN,
    "relu_missing": ReluMissing,
}
