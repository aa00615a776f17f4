"""Known mistakes in the residual + LayerNorm wrapper (same submodules as the reference)."""

from .reference import SublayerConnection as _Base


class ResidualMissing(_Base):
    def forward(self, x):
        if self.pre_norm:
            return self.dropout(self.ffn(self.norm(x)))
        return self.norm(self.dropout(self.ffn(x)))


class PreLNAlways(_Base):
    def forward(self, x):
        return x + self.dropout(self.ffn(self.norm(x)))


class PostLNAlways(_Base):
    def forward(self, x):
        return self.norm(x + self.dropout(self.ffn(x)))


class ResidualAfterNorm(_Base):
    def forward(self, x):
        if self.pre_norm:
            x = self.norm(x)  # the residual now carries norm(x), not x
            return x + self.dropout(self.ffn(x))
        return self.norm(x + self.dropout(self.ffn(x)))


class ReluMissing(_Base):
    def forward(self, x):
        def ffn(t):
            return self.ffn[3](self.ffn[0](t))

        if self.pre_norm:
            return x + self.dropout(ffn(self.norm(x)))
        return self.norm(x + self.dropout(ffn(x)))


MISTAKES = {
    "residual_missing": ResidualMissing,
    "pre_ln_instead_of_post_ln": PreLNAlways,
    "post_ln_instead_of_pre_ln": PostLNAlways,
    "residual_after_norm": ResidualAfterNorm,
    "relu_missing": ReluMissing,
}

MESSAGES = {
    "post_ln_instead_of_pre_ln": {
        "en": "With pre_norm=True you still normalise after the residual add (post-LN). "
        "Pre-LN normalises only the sublayer's input and leaves the sum alone: "
        "x + dropout(ffn(norm(x))).",
        "zh": "pre_norm=True 时你仍然在残差相加之后做归一化（Post-LN）。"
        "Pre-LN 只归一化子层的输入，相加的结果不再过 norm：x + dropout(ffn(norm(x)))。",
    },
    "residual_after_norm": {
        "en": "In pre-LN your residual path carries norm(x) instead of x: you wrote "
        "x = norm(x) and then added x. Keep the original x for the residual: "
        "x + dropout(ffn(norm(x))).",
        "zh": "Pre-LN 分支里残差通路上走的是 norm(x) 而不是 x：你先写了 x = norm(x)，"
        "再把这个 x 加回去。残差要加原始输入：x + dropout(ffn(norm(x)))。",
    },
}
