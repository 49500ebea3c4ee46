"""Trains the dice reader's two networks with PyTorch on the CPU (Debian's python3-torch).

Reads what models/make-data.ts wrote (det.bin/det.json, cls_x.bin/cls_y.bin, nets.json with the
layer specs of vision/classify/nets.ts) and writes raw float32 weights in TF.js layout and layer
order (conv kernels [kh, kw, in, out], dense [in, out]); models/export.ts turns those into the
TF.js layers format. Seeds are fixed; one thread, so the run is repeatable on this machine.

Usage: /usr/bin/python3 models/train.py [--data .cache/dice-data] [--det-epochs N] [--cls-epochs N]
"""
import argparse
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

p = argparse.ArgumentParser()
p.add_argument('--data', default='.cache/dice-data')
p.add_argument('--det-epochs', type=int, default=40)
p.add_argument('--cls-epochs', type=int, default=5)
p.add_argument('--threads', type=int, default=1)
p.add_argument('--cls-max-lr', type=float, default=3e-3)
p.add_argument('--seed', type=int, default=1)
p.add_argument('--resume', action='store_true', help='start from the last saved weights instead of from scratch')
args = p.parse_args()
torch.set_num_threads(args.threads)
torch.manual_seed(args.seed)
rng = np.random.default_rng(args.seed)
nets = json.load(open(os.path.join(args.data, 'nets.json')))


class Stack(nn.Module):
    """Conv layers as vision/classify/nets.ts builds them ('same' padding, ReLU, optional 2x2 pool)."""

    def __init__(self, specs, cin, head=None):
        super().__init__()
        self.specs = specs
        self.convs = nn.ModuleList()
        for s in specs:
            d = s.get('dilation', 1)
            self.convs.append(nn.Conv2d(cin, s['filters'], s['kernel'], padding=d * (s['kernel'] // 2), dilation=d))
            cin = s['filters']
        self.head = nn.Linear(cin, head) if head else None

    def forward(self, x):
        for s, c in zip(self.specs, self.convs):
            x = c(x)
            if not s.get('linear'):
                x = F.relu(x)
            if s.get('pool'):
                x = F.max_pool2d(x, 2)
        if self.head is not None:
            x = self.head(x.mean(dim=(2, 3)))
        return x

    def tf_weights(self):
        out = []
        for c in self.convs:
            out.append(c.weight.detach().permute(2, 3, 1, 0).contiguous().numpy())
            out.append(c.bias.detach().numpy())
        if self.head is not None:
            out.append(self.head.weight.detach().t().contiguous().numpy())
            out.append(self.head.bias.detach().numpy())
        return out


def save(name, model):
    arrs = model.tf_weights()
    with open(os.path.join(args.data, name + '.weights.f32'), 'wb') as f:
        for a in arrs:
            f.write(a.astype('<f4').tobytes())
    json.dump([list(a.shape) for a in arrs], open(os.path.join(args.data, name + '.shapes.json'), 'w'))


def load(model, name):
    """The inverse of save: weights in TF.js layout back into the PyTorch layers."""
    raw = np.fromfile(os.path.join(args.data, name + '.weights.f32'), dtype='<f4')
    params = []
    for c in model.convs:
        params += [(c.weight, (2, 3, 1, 0)), (c.bias, None)]
    if model.head is not None:
        params += [(model.head.weight, (1, 0)), (model.head.bias, None)]
    o = 0
    with torch.no_grad():
        for p_, perm in params:
            shape = [p_.shape[i] for i in perm] if perm else list(p_.shape)
            n = int(np.prod(shape))
            t = torch.from_numpy(raw[o:o + n].reshape(shape).copy())
            p_.copy_(t.permute(*[int(i) for i in np.argsort(perm)]) if perm else t)
            o += n
    assert o == raw.size, f'{name}: {raw.size - o} weights left over'


def colour_aug(x):
    """x: float tensor N,3,H,W in 0..1. Channel shuffle (dice come in any colour), gain, offset."""
    n = x.shape[0]
    perm = torch.stack([torch.randperm(3) for _ in range(n)])
    x = torch.gather(x, 1, perm[:, :, None, None].expand_as(x))
    gain = torch.empty(n, 1, 1, 1).uniform_(0.7, 1.3)
    off = torch.empty(n, 1, 1, 1).uniform_(-0.12, 0.12)
    return (x * gain + off).clamp(0, 1)


def dihedral(x, k, flip):
    x = torch.rot90(x, k, dims=(-2, -1))
    return torch.flip(x, dims=(-1,)) if flip else x


# ---------------------------------------------------------------- detector
def train_detector():
    meta = json.load(open(os.path.join(args.data, 'det.json')))
    raw = np.fromfile(os.path.join(args.data, 'det.bin'), dtype=np.uint8)
    imgs, o = [], 0
    for m in meta:
        n = m['width'] * m['height'] * 3
        imgs.append(torch.from_numpy(raw[o:o + n].reshape(m['height'], m['width'], 3).copy()).permute(2, 0, 1).float() / 255)
        o += n
    scale, stride, unit = nets['DET_SCALE'], nets['DET_STRIDE'], nets['DET_SIZE_UNIT']
    g = stride // scale  # output cells per input pixel

    def targets(m, k, flip):
        """Heat-map, offset, size targets for image m turned by k quarter turns and maybe flipped."""
        H, W = m['height'] // g, m['width'] // g
        sw, sh = m['width'] * scale, m['height'] * scale  # source size
        heat = torch.zeros(H, W)
        reg = torch.zeros(4, H, W)
        mask = torch.zeros(H, W)
        ys, xs = torch.meshgrid(torch.arange(H).float(), torch.arange(W).float(), indexing='ij')
        for x, y, w, h, _v in m['boxes']:
            cx, cy = x + w / 2, y + h / 2
            # rot90 (counter-clockwise, as torch.rot90 on dims (-2,-1)) then horizontal flip.
            for _ in range(k):
                cx, cy, w, h, sw, sh = cy, sw - cx, h, w, sh, sw
            if flip:
                cx = sw - cx
            gx, gy = cx / stride, cy / stride
            ix, iy = min(int(gx), W - 1), min(int(gy), H - 1)
            sigma = max(0.5, max(w, h) / stride / 5)
            heat = torch.maximum(heat, torch.exp(-((xs - gx + 0.5) ** 2 + (ys - gy + 0.5) ** 2) / (2 * sigma * sigma)))
            heat[iy, ix] = 1
            reg[:, iy, ix] = torch.tensor([gx - ix, gy - iy, w / unit, h / unit])
            mask[iy, ix] = 1
            sw, sh = m['width'] * scale, m['height'] * scale
        return heat, reg, mask

    model = Stack(nets['DETECTOR_LAYERS'], 3)
    if args.resume:
        load(model, 'detector')
    else:
        with torch.no_grad():
            model.convs[-1].bias[0] = -4.0  # start from "no die anywhere" (focal-loss prior)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    steps = args.det_epochs * math.ceil(len(imgs) / 8)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    t0 = time.time()
    for ep in range(args.det_epochs):
        order = rng.permutation(len(imgs))
        tot = 0.0
        for b in range(0, len(order), 8):
            xb, hb, rb, mb = [], [], [], []
            # Half the batches are cut to 4:3 (the app's 640 x 480 frames seen at this scale).
            rows = 120 if rng.random() < 0.5 else None
            for i in order[b:b + 8]:
                k, flip = int(rng.integers(4)), bool(rng.integers(2))
                x = dihedral(imgs[i], k, flip)
                h, r, m = targets(meta[i], k, flip)
                if rows and x.shape[1] > rows:
                    cut = int(rng.integers(0, (x.shape[1] - rows) // g + 1))
                    x = x[:, cut * g:cut * g + rows]
                    h, r, m = h[cut:cut + rows // g], r[:, cut:cut + rows // g], m[cut:cut + rows // g]
                xb.append(x); hb.append(h); rb.append(r); mb.append(m)
            x = colour_aug(torch.stack(xb))
            out = model(x)
            heat_t, reg_t, mask_t = torch.stack(hb), torch.stack(rb), torch.stack(mb)
            pred = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
            pos = heat_t.eq(1).float()
            # CenterNet's penalty-reduced focal loss.
            lpos = -(torch.log(pred) * (1 - pred) ** 2 * pos).sum()
            lneg = -(torch.log(1 - pred) * pred ** 2 * (1 - heat_t) ** 4 * (1 - pos)).sum()
            npos = max(1.0, pos.sum().item())
            lreg = (F.l1_loss(out[:, 1:5], reg_t, reduction='none') * mask_t[:, None]).sum() / npos
            loss = (lpos + lneg) / npos + lreg
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item()
        print(f'detector epoch {ep + 1}/{args.det_epochs} loss {tot / math.ceil(len(imgs) / 8):.4f} ({time.time() - t0:.0f} s)', flush=True)
    save('detector', model)


# ---------------------------------------------------------------- classifier
def train_classifier():
    crop = nets['CROP']
    x = np.fromfile(os.path.join(args.data, 'cls_x.bin'), dtype=np.uint8).reshape(-1, crop, crop, 3)
    y = np.fromfile(os.path.join(args.data, 'cls_y.bin'), dtype=np.uint8).astype(np.int64)
    x = torch.from_numpy(x).permute(0, 3, 1, 2).contiguous()
    y = torch.from_numpy(y)
    model = Stack(nets['CLASSIFIER_LAYERS'], 3, head=nets['CLASSES'])
    if args.resume:
        load(model, 'classifier')
    bs = 64
    steps = args.cls_epochs * math.ceil(len(y) / bs)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.cls_max_lr, total_steps=steps)
    t0 = time.time()
    for ep in range(args.cls_epochs):
        order = torch.from_numpy(rng.permutation(len(y)))
        tot, right = 0.0, 0
        for b in range(0, len(order), bs):
            idx = order[b:b + bs]
            xb = colour_aug(x[idx].float() / 255)
            if rng.random() < 0.5:
                xb = torch.flip(xb, dims=(-1,))
            out = model(xb)
            loss = F.cross_entropy(out, y[idx], label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * len(idx)
            right += (out.argmax(1) == y[idx]).sum().item()
            if (b // bs) % 100 == 99:
                print(f'  batch {b // bs + 1} ({time.time() - t0:.0f} s)', flush=True)
        print(f'classifier epoch {ep + 1}/{args.cls_epochs} loss {tot / len(y):.4f} train acc {right / len(y):.4f} ({time.time() - t0:.0f} s)', flush=True)
        save('classifier', model)  # every epoch: a long run that is stopped still leaves weights


which = os.environ.get('SCHIRI_TRAIN', 'both')
if which in ('both', 'classifier'):
    train_classifier()
if which in ('both', 'detector'):
    train_detector()
