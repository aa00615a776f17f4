"""Known mistakes in GRPO's group-relative advantages."""


def normalised_over_batch(rewards, group_size, scale=True, eps=1e-4):
    advantages = rewards - rewards.mean()
    if scale:
        advantages = advantages / (rewards.std() + eps)
    return advantages


def group_strided(rewards, group_size, scale=True, eps=1e-4):
    grouped = rewards.view(group_size, -1).T  # [N, G], but group i = entries i, i+N, ...
    advantages = grouped - grouped.mean(dim=1, keepdim=True)
    if scale:
        advantages = advantages / (grouped.std(dim=1, keepdim=True) + eps)
    return advantages.T.reshape(-1)


def std_without_eps(rewards, group_size, scale=True, eps=1e-4):
    grouped = rewards.view(-1, group_size)
    advantages = grouped - grouped.mean(dim=1, keepdim=True)
    if scale:
        advantages = advantages / grouped.std(dim=1, keepdim=True)
    return advantages.reshape(-1)


def std_biased(rewards, group_size, scale=True, eps=1e-4):
    grouped = rewards.view(-1, group_size)
    advantages = grouped - grouped.mean(dim=1, keepdim=True)
    if scale:
        advantages = advantages / (grouped.std(dim=1, unbiased=False, keepdim=True) + eps)
    return advantages.reshape(-1)


MISTAKES = {
    "normalised_over_batch": normalised_over_batch,
    "group_strided": group_strided,
    "std_without_eps": std_without_eps,
    "std_biased": std_biased,
}

MESSAGES = {
    "normalised_over_batch": {
        "en": "Your mean and std are taken over the whole batch, so every prompt is compared "
        "with all the others: an easy prompt's completions all look good and a hard one's all "
        "bad. GRPO's baseline is the mean of the same prompt's G completions: view the rewards "
        "as [N, G] and reduce over dim 1.",
        "zh": "你的均值和标准差是在整个 batch 上算的，等于拿每个 prompt 去和所有 prompt 比："
        "简单题的回答全成了好样本，难题的全成了坏样本。GRPO 的 baseline 是同一个 prompt 的 "
        "G 个回答的均值：先 view 成 [N, G]，再沿 dim 1 归约。",
    },
    "group_strided": {
        "en": "Your groups are every N-th reward (view(G, N), or a slice with step N), which "
        "mixes the completions of different prompts. The G completions of one prompt are "
        "consecutive: group i is rewards[i*G:(i+1)*G], i.e. rewards.view(N, G).",
        "zh": "你的分组是每隔 N 个取一个（view(G, N)，或步长为 N 的切片），把不同 prompt 的回答"
        "混到了一组。同一个 prompt 的 G 个回答是连续存放的：第 i 组是 rewards[i*G:(i+1)*G]，"
        "也就是 rewards.view(N, G)。",
    },
    "std_without_eps": {
        "en": "You divide by the group std alone. When all G rewards of a prompt are equal (all "
        "right or all wrong, common with 0/1 rewards) the std is 0 and you get 0/0 = NaN, which "
        "poisons the whole update. Divide by std + eps: such a group then gets advantage 0.",
        "zh": "你直接除以组内标准差。某个 prompt 的 G 个奖励全部相同时（全对或全错，0/1 奖励下"
        "很常见），std 为 0，结果是 0/0 = NaN，整个更新都会被污染。要除以 std + eps，"
        "这样的组优势就是 0。",
    },
    "std_biased": {
        "en": "Your std divides by G (the population std: unbiased=False, np.std, or "
        "mean of squares). The contract, like torch.std and TRL, uses the unbiased std with "
        "G - 1; with small groups the two differ by sqrt(G / (G - 1)), 15% for G = 4.",
        "zh": "你的标准差除的是 G（总体标准差：unbiased=False、np.std，或者对平方取 mean）。"
        "题目和 torch.std、TRL 一样用的是除以 G - 1 的无偏标准差；组小的时候两者差 "
        "sqrt(G / (G - 1)) 倍，G = 4 时差 15%。",
    },
}
