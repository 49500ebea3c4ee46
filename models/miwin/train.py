"""Trains the Miwin classifier on the rendered crops of data.ts (Debian's python3-torch, CPU).

    /usr/bin/python3 models/miwin/train.py [dataDir]      (default models/miwin/.data)

Writes dataDir/weights.f32: every weight in TF.js layer order and layout (conv kernels
[kh, kw, in, out], dense kernels [in, out]), which export.ts turns into the TF.js model the
reader loads. The network is models/miwin/model.ts layer for layer; flattening in NHWC order
keeps the first dense layer's weights valid for TF.js.
"""
import json
import os
import sys
import time

import numpy as np
import torch
from torch import nn

DATA = sys.argv[1] if len(sys.argv) > 1 else "models/miwin/.data"
EPOCHS = int(os.environ.get("EPOCHS", "18"))
torch.manual_seed(0)
np.random.seed(0)
torch.set_num_threads(int(os.environ.get("THREADS", "2")))

meta = json.load(open(os.path.join(DATA, "meta.json")))
C = meta["crop"]
K = len(meta["classes"])


def load(name):
    x = np.fromfile(os.path.join(DATA, f"{name}.x.u8"), dtype=np.uint8).reshape(-1, C, C, 3)
    y = np.fromfile(os.path.join(DATA, f"{name}.y.u8"), dtype=np.uint8)
    return torch.from_numpy(x.astype(np.float32) / 200.0).permute(0, 3, 1, 2).contiguous(), torch.from_numpy(y.astype(np.int64))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 12, 3, padding=1)
        self.c2 = nn.Conv2d(12, 24, 3, padding=1)
        self.c3 = nn.Conv2d(24, 32, 3, padding=1)
        self.drop = nn.Dropout(0.3)
        self.d1 = nn.Linear(4 * 4 * 32, 64)
        self.d2 = nn.Linear(64, K)

    def forward(self, x):
        for c in (self.c1, self.c2, self.c3):
            x = nn.functional.max_pool2d(torch.relu(c(x)), 2)
        x = x.permute(0, 2, 3, 1).flatten(1)  # NHWC order, as tf.layers.flatten
        return self.d2(torch.relu(self.d1(self.drop(x))))


def augment(x):
    """Turns by quarter turns and mirror images: neither changes a pip count or a colour."""
    k = np.random.randint(4)
    x = torch.rot90(x, k, (2, 3))
    return torch.flip(x, (3,)) if np.random.rand() < 0.5 else x


def accuracy(net, x, y):
    net.eval()
    with torch.no_grad():
        p = torch.cat([net(x[i:i + 512]).argmax(1) for i in range(0, len(x), 512)])
    net.train()
    return (p == y).float().mean().item()


xtr, ytr = load("train")
xte, yte = load("test")
net = Net()
opt = torch.optim.Adam(net.parameters(), lr=2e-3)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=EPOCHS * ((len(xtr) + 127) // 128))
t0 = time.time()
for epoch in range(EPOCHS):
    perm = torch.randperm(len(xtr))
    total = 0.0
    for i in range(0, len(xtr), 128):
        idx = perm[i:i + 128]
        loss = nn.functional.cross_entropy(net(augment(xtr[idx])), ytr[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        total += loss.item() * len(idx)
    print(f"epoch {epoch + 1}/{EPOCHS}: loss {total / len(xtr):.4f}, test accuracy {accuracy(net, xte, yte):.4f}, {time.time() - t0:.0f} s", flush=True)

weights = []
for layer in (net.c1, net.c2, net.c3):
    weights += [layer.weight.detach().permute(2, 3, 1, 0), layer.bias.detach()]
for layer in (net.d1, net.d2):
    weights += [layer.weight.detach().t(), layer.bias.detach()]
np.concatenate([w.contiguous().numpy().astype(np.float32).ravel() for w in weights]).tofile(os.path.join(DATA, "weights.f32"))
print(f"trained in {time.time() - t0:.0f} s; weights in {DATA}/weights.f32")
