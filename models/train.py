"""Trains the dice reader's two networks with PyTorch on the CPU (Debian's python3-torch).

Reads what models/make-data.ts wrote (det.bin/det.json, cls_x.bin/cls_y.bin, nets.json with the
layer specs of vision/classify/nets.ts) and writes raw float32 weights in TF.js layout and layer
order (conv kernels [kh, kw, in, out], dense [in, out]); models/export.ts turns those into the
TF.js layers format. The classifier trains with batch norm after each conv, folded into the conv
weights when saved, so the exported network is exactly nets.ts's conv + ReLU stack. Seeds are
fixed.

Usage: SCHIRI_TRAIN=detector|classifier|both /usr/bin/python3 models/train.py [--data .cache/dice-data]
       [--det-epochs N] [--cls-epochs N] [--threads N] [--val DIR]  (every option: models/train_options.py)
"""
import copy
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn.functional as F

import negatives
import train_options
from nets import Stack, frozen, load_folded, with_widths, write_folded

args = train_options.parse()
torch.set_num_threads(args.threads)
torch.manual_seed(args.seed)
rng = np.random.default_rng(args.seed)
gen = torch.Generator().manual_seed(args.seed)  # models/negatives.py's own stream: the rest draws the same with or without it
nets = json.load(open(os.path.join(args.data, 'nets.json')))


def save(name, model):
    write_folded(args.data, name, model)


def colour_aug(x):
    """x: float tensor N,3,H,W in 0..1. Channel shuffle (dice come in any colour), grey now and
    then (greyscale cameras), white balance, gain, offset and gamma (any light)."""
    n = x.shape[0]
    perm = torch.stack([torch.randperm(3) for _ in range(n)])
    x = torch.gather(x, 1, perm[:, :, None, None].expand_as(x))
    grey = (torch.rand(n) < args.grey)[:, None, None, None]
    x = torch.where(grey, x.mean(1, keepdim=True).expand_as(x), x)
    balance = torch.empty(n, 3, 1, 1).uniform_(0.85, 1.15)
    gain = torch.empty(n, 1, 1, 1).uniform_(0.6, 1.4)
    off = torch.empty(n, 1, 1, 1).uniform_(-0.12, 0.12)
    gamma = torch.empty(n, 1, 1, 1).uniform_(0.7, 1.4)
    return (((x * balance).clamp(0, 1) ** gamma) * gain + off).clamp(0, 1)


def photometric(x):
    """What a camera does to any picture: colour and light, focus, noise."""
    x = blur(colour_aug(x))
    return (x + torch.randn_like(x) * float(rng.uniform(0, 0.04))).clamp(0, 1)


def dihedral(x, k, flip):
    x = torch.rot90(x, k, dims=(-2, -1))
    return torch.flip(x, dims=(-1,)) if flip else x


# ---------------------------------------------------------------- detector
def box_dihedral(b, k, flip, n):
    """A box [x, y, w, h, v] in an n x n tile after k quarter turns (torch.rot90 on dims (-2,-1),
    counter-clockwise) and then a horizontal flip."""
    x, y, w, h, v = b
    cx, cy = x + w / 2, y + h / 2
    for _ in range(k):
        cx, cy, w, h = cy, n - cx, h, w
    if flip:
        cx = n - cx
    return cx, cy, w, h


def train_detector():
    meta = json.load(open(os.path.join(args.data, 'det.json')))
    n = nets['TILE']
    tiles = torch.from_numpy(np.fromfile(os.path.join(args.data, 'det_x.bin'), dtype=np.uint8).reshape(-1, n, n, 3)).permute(0, 3, 1, 2)
    if len(tiles) != len(meta):
        raise SystemExit(f'det_x.bin holds {len(tiles)} tiles, det.json {len(meta)}')
    stride, unit = nets['DET_STRIDE'], nets['DET_SIZE_UNIT']
    G = n // stride
    ys, xs = torch.meshgrid(torch.arange(G).float(), torch.arange(G).float(), indexing='ij')

    def targets(boxes, ignore, k, flip):
        heat = torch.zeros(G, G)
        reg = torch.zeros(4, G, G)
        mask = torch.zeros(G, G)
        # Cells over a die the labels leave out (rendered frames: cocked, mostly hidden) are not
        # taught as table: the loss does not look at them.
        care = torch.ones(G, G)
        for b in ignore:
            cx, cy, w, h = box_dihedral([*b, 0], k, flip, n)
            x0, x1 = int(max(0, (cx - w / 2) // stride)), int(min(G, math.ceil((cx + w / 2) / stride)))
            y0, y1 = int(max(0, (cy - h / 2) // stride)), int(min(G, math.ceil((cy + h / 2) / stride)))
            care[y0:y1, x0:x1] = 0
        for b in boxes:
            cx, cy, w, h = box_dihedral(b, k, flip, n)
            gx, gy = cx / stride, cy / stride
            ix, iy = min(max(int(gx), 0), G - 1), min(max(int(gy), 0), G - 1)
            sigma = max(0.5, max(w, h) / stride / 6)
            heat = torch.maximum(heat, torch.exp(-((xs - gx + 0.5) ** 2 + (ys - gy + 0.5) ** 2) / (2 * sigma * sigma)))
            heat[iy, ix] = 1
            # Sizes as logarithms: dice from 4 to 56 px weigh alike.
            reg[:, iy, ix] = torch.tensor([gx - ix, gy - iy, math.log(max(w, 1) / unit), math.log(max(h, 1) / unit)])
            mask[iy, ix] = 1
        care = torch.maximum(care, heat.gt(0.5).float())
        return heat, reg, mask, care

    layers = nets['DETECTOR_LAYERS']
    if args.det_filters:  # the output conv keeps its width
        layers = with_widths(layers, args.det_filters, '--det-filters', len(layers) - 1)
    first = max(1, args.det_separable_from)
    layers = [{**s, 'separable': args.det_separable and first <= i < len(layers) - 1} for i, s in enumerate(layers)]
    model = Stack(layers, 3, bn=not args.det_init)
    if args.det_init:
        load_folded(model, args.det_init, 'detector')
    else:
        with torch.no_grad():
            model.convs[-1].bias[0] = -4.0  # start from "no die anywhere" (focal-loss prior)
    model = model.to(memory_format=torch.channels_last)
    teacher = frozen(args.det_teacher, 'detector', nets['DETECTOR_LAYERS']) if args.det_teacher else None
    bs = 32
    steps = args.det_epochs * math.ceil(len(meta) / bs)
    opt = torch.optim.AdamW(model.parameters(), lr=args.det_max_lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.det_max_lr, total_steps=steps, pct_start=0.15)
    t0 = time.time()
    for ep in range(args.det_epochs):
        model.train()
        order = rng.permutation(len(meta))
        tot = 0.0
        for b in range(0, len(order), bs):
            xb, hb, rb, mb, cb = [], [], [], [], []
            for i in order[b:b + bs]:
                k, flip = int(rng.integers(4)), bool(rng.integers(2))
                xb.append(dihedral(tiles[i], k, flip))
                h, r, m, c = targets(meta[i]['boxes'], meta[i].get('ignore', []), k, flip)
                hb.append(h); rb.append(r); mb.append(m); cb.append(c)
            x = photometric(torch.stack(xb).float() / 255).contiguous(memory_format=torch.channels_last)
            out = model(x)
            heat_t, reg_t, mask_t, care_t = torch.stack(hb), torch.stack(rb), torch.stack(mb), torch.stack(cb)
            pred = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
            pos = heat_t.eq(1).float()
            # CenterNet's penalty-reduced focal loss.
            lpos = -(torch.log(pred) * (1 - pred) ** 2 * pos).sum()
            lneg = -(torch.log(1 - pred) * pred ** 2 * (1 - heat_t) ** 4 * (1 - pos) * care_t).sum()
            npos = max(1.0, pos.sum().item())
            lreg = (F.l1_loss(out[:, 1:5], reg_t, reduction='none') * mask_t[:, None]).sum() / npos
            loss = (lpos + lneg) / npos + lreg
            if teacher is not None:
                with torch.no_grad():
                    tout = teacher(x)
                t = torch.sigmoid(tout[:, 0])
                # Quality focal loss: cross-entropy against the teacher's score, weighed by how far
                # the student's is from it (the many plain table cells weigh little once learnt).
                qfl = (F.binary_cross_entropy(pred, t, reduction='none') * (pred - t).abs() ** 2 * care_t).sum()
                # Offsets and sizes where the teacher sees a die, weighed by its score.
                near = t * t.gt(0.1).float()
                lreg_t = (F.l1_loss(out[:, 1:5], tout[:, 1:5], reduction='none') * near[:, None]).sum() / max(1.0, near.sum().item())
                loss = loss + args.distill * (qfl / npos + lreg_t)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item()
        print(f'detector epoch {ep + 1}/{args.det_epochs} loss {tot / math.ceil(len(meta) / bs):.4f} ({time.time() - t0:.0f} s)', flush=True)
    model.eval()
    save('detector', model)


# ---------------------------------------------------------------- classifier
def blur(x):
    """Gaussian blur with a random sigma per crop (0 = none): out-of-focus and small dice."""
    n = x.shape[0]
    sig = torch.empty(n).uniform_(0.1, 1.4) * (torch.rand(n) < 0.4)
    r = torch.arange(-2, 3).float()
    k = torch.exp(-r[None] ** 2 / (2 * sig[:, None].clamp(min=1e-3) ** 2))
    k = k / k.sum(1, keepdim=True)  # n, 5
    c = x.shape[1]
    xs = F.pad(x, (2, 2, 2, 2), mode='replicate').reshape(1, n * c, x.shape[2] + 4, x.shape[3] + 4)
    kh = k.repeat_interleave(c, 0)
    xs = F.conv2d(xs, kh[:, None, None, :], groups=n * c)
    xs = F.conv2d(xs, kh[:, None, :, None], groups=n * c)
    return xs.reshape_as(x)


def occlude(x):
    """A grey or coloured patch over one edge of a third of the crops: a neighbour die, a hand,
    the tray wall. Only the margin (outer quarter) is covered, so no pip of the die is hidden."""
    n, _, h, w = x.shape
    for i in np.nonzero(rng.random(n) < 0.33)[0]:
        depth = int(rng.integers(2, h // 4 + 1))
        side = int(rng.integers(4))
        colour = torch.rand(3, 1, 1)
        if side == 0:
            x[i, :, :depth] = colour
        elif side == 1:
            x[i, :, -depth:] = colour
        elif side == 2:
            x[i, :, :, :depth] = colour
        else:
            x[i, :, :, -depth:] = colour
    return x


def invert_some(x, share):
    """Dark and saturated bodies are what a new table's dice miss most (the leave-one-set-out
    folds): turn a share of the crops negative and stretch or wash out every crop's colours."""
    n = x.shape[0]
    inv = (torch.rand(n) < share)[:, None, None, None]
    x = torch.where(inv, 1 - x, x)
    grey = x.mean(1, keepdim=True)
    sat = torch.empty(n, 1, 1, 1).uniform_(0.5, 1.6)
    return (grey + sat * (x - grey)).clamp(0, 1)


def recolour(x, y, share):
    """Paints a share of the die crops (y > 0; every crop with --recolour-all) anew: the body one
    colour, the pips another, each pixel keeping its shading: a real die's geometry (pips, edges,
    perspective) in bodies the photos lack. Tried on the leave-one-set-out folds and not adopted
    (models/trials/recolour/README.md, "Real dice painted new colours"): the default is 0. The body is the region
    of pixels near the median colour of the crop's middle that is joined to the middle (a flood
    fill); the pips are what the body closes round and differs from it on the pips' side (darker
    where the middle's mean falls below its median)."""
    n, _, h, w = x.shape
    pick = ((y > 0) | args.recolour_all) & (torch.rand(n) < share)
    if not pick.any():
        return x
    xs = x[pick]
    m = xs.shape[0]
    a, b = round(h * 0.3), round(h * 0.7)
    mid = xs[:, :, a:b, a:b].reshape(m, 3, -1)
    body = mid.median(2).values[:, :, None, None]
    lum = xs.mean(1, keepdim=True)
    lbody = body.mean(1, keepdim=True)
    near = ((xs - body).norm(dim=1, keepdim=True) < 0.2).float()
    grown = torch.zeros_like(near)
    grown[..., a:b, a:b] = 1
    grown = grown * near
    for _ in range(h // 2):
        grown = F.max_pool2d(grown, 3, 1, 1) * near
    closed = -F.max_pool2d(-F.max_pool2d(grown, 7, 1, 3), 7, 1, 3)
    midlum = lum[:, 0, a:b, a:b].reshape(m, -1)
    side = torch.sign(midlum.mean(1) - midlum.median(1).values)[:, None, None, None]
    side = torch.where(side == 0, -torch.ones_like(side), side)
    pipish = ((side * (lum - lbody) - 0.08) / 0.1).clamp(0, 1)
    wp = closed * (1 - grown) * pipish
    wb = F.avg_pool2d(grown, 3, 1, 1) * (1 - wp)
    # New colours: bodies of any hue, often dark or saturated; pips light on dark bodies, dark or
    # coloured on light ones.
    hue = torch.rand(m, 3, 1, 1)
    sat = torch.rand(m, 1, 1, 1) ** 0.5
    val = torch.rand(m, 1, 1, 1)
    newb = (val * (1 - sat + sat * hue)).clamp(0, 1)
    light = newb.mean(1, keepdim=True) < 0.45
    pip = torch.rand(m, 3, 1, 1)
    newp = torch.where(light, 0.75 + 0.25 * pip, 0.3 * pip)
    shade_b = (lum / lbody.clamp(min=0.05)).clamp(0.4, 1.6)
    lpip = (lum * wp).sum((2, 3), keepdim=True) / wp.sum((2, 3), keepdim=True).clamp(min=1)
    shade_p = (lum / lpip.clamp(min=0.05)).clamp(0.5, 1.5)
    out = xs * (1 - wb - wp) + wb * newb * shade_b + wp * newp * shade_p
    x = x.clone()
    x[pick] = out.clamp(0, 1)
    return x


def augment(x, y):
    """Training-time changes on top of make-data's cut (jitter, any turn): colour, mirror, quarter
    turns, blur, pixel noise, lower resolution, an occluded margin."""
    if args.recolour:
        x = recolour(x, y, args.recolour)
    x = colour_aug(x)
    if args.invert:
        x = invert_some(x, args.invert)
    x = dihedral(x, int(rng.integers(4)), bool(rng.integers(2)))
    x = blur(x)
    if rng.random() < 0.3:  # a smaller die scaled up: the detail of a lower resolution
        s = int(rng.integers(x.shape[-1] // 2, x.shape[-1]))
        x = F.interpolate(F.interpolate(x, size=(s, s), mode='bilinear', align_corners=False), size=x.shape[-2:], mode='bilinear', align_corners=False)
    x = x + torch.randn_like(x) * float(rng.uniform(0, 0.04))
    return occlude(x.clamp(0, 1))


class Ema:
    """A copy of the model whose parameters and batch-norm statistics follow the live ones slowly.

    The decay ramps up as (1 + n) / (10 + n) over the first updates (as TensorFlow's
    ExponentialMovingAverage does with num_updates), so the random initial weights are forgotten.
    """

    def __init__(self, model, decay):
        self.model = copy.deepcopy(model).eval()
        self.decay = decay
        self.n = 0

    @torch.no_grad()
    def update(self, model):
        self.n += 1
        d = min(self.decay, (1 + self.n) / (10 + self.n))
        live = model.state_dict()
        for k, v in self.model.state_dict().items():
            if v.dtype.is_floating_point:
                v.mul_(d).add_(live[k], alpha=1 - d)
            else:  # batch norm's step counter
                v.copy_(live[k])


def crops(data):
    crop = nets['CROP']
    x = np.fromfile(os.path.join(data, 'cls_x.bin'), dtype=np.uint8).reshape(-1, crop, crop, 3)
    y = np.fromfile(os.path.join(data, 'cls_y.bin'), dtype=np.uint8).astype(np.int64)
    return torch.from_numpy(x).permute(0, 3, 1, 2).contiguous(), torch.from_numpy(y)


SMOOTHING = 0.05  # the classifier's label smoothing, also for mixup's second target
KD_TEMPERATURE = 2  # --cls-teacher: softens the teacher's answers so its second choices teach too


def train_classifier():
    x, y = crops(args.data)
    val = crops(args.val) if args.val else None
    layers = [{**s, 'filters': round(s['filters'] * args.cls_width)} for s in nets['CLASSIFIER_LAYERS']]
    if args.cls_filters:
        layers = with_widths(layers, args.cls_filters, '--cls-filters', len(layers))
    model = Stack(layers, 3, head=nets['CLASSES'], bn=not args.cls_init, dropout=0.2)
    if args.cls_init:
        load_folded(model, args.cls_init, 'classifier')
    model = model.to(memory_format=torch.channels_last)
    teachers = [frozen(f, 'classifier', nets['CLASSIFIER_LAYERS'], head=nets['CLASSES']) for f in args.cls_teacher.split(',')] if args.cls_teacher else []
    bs = 128
    steps = args.cls_epochs * math.ceil(len(y) / bs)
    opt = torch.optim.AdamW(model.parameters(), lr=args.cls_max_lr, weight_decay=5e-4)
    # One schedule from start to end: warm-up over the first 15 %, then cosine down to ~0.
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.cls_max_lr, total_steps=steps, pct_start=0.15)
    ema = Ema(model, args.ema) if args.ema else None
    t0 = time.time()
    for ep in range(args.cls_epochs):
        model.train()
        order = torch.from_numpy(rng.permutation(len(y)))
        tot, right = 0.0, 0
        for b in range(0, len(order), bs):
            idx = order[b:b + bs]
            xb, yb = x[idx].float() / 255, y[idx]
            k = int(round(args.negatives * len(idx)))
            if k:
                xb = torch.cat([xb[k:], negatives.draw(k, xb.shape[-1], gen)])
                yb = torch.cat([yb[k:], torch.zeros(k, dtype=yb.dtype)])
            xb = augment(xb, yb)
            if args.mixup:
                lam, other = float(rng.beta(args.mixup, args.mixup)), torch.from_numpy(rng.permutation(len(yb)))
                xb = lam * xb + (1 - lam) * xb[other]
            out = model(xb.contiguous(memory_format=torch.channels_last))
            loss = F.cross_entropy(out, yb, label_smoothing=SMOOTHING)
            if args.mixup:
                loss = lam * loss + (1 - lam) * F.cross_entropy(out, yb[other], label_smoothing=SMOOTHING)
            if teachers:
                with torch.no_grad():
                    xt = xb.contiguous(memory_format=torch.channels_last)
                    soft = sum(F.softmax(t(xt) / KD_TEMPERATURE, 1) for t in teachers) / len(teachers)
                kd = F.kl_div(F.log_softmax(out / KD_TEMPERATURE, 1), soft, reduction='batchmean') * KD_TEMPERATURE ** 2
                loss = (1 - args.cls_distill) * loss + args.cls_distill * kd
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            if ema:
                ema.update(model)
            tot += loss.item() * len(idx)
            right += (out.argmax(1) == yb).sum().item()
        msg = f'classifier epoch {ep + 1}/{args.cls_epochs} loss {tot / len(y):.4f} train acc {right / len(y):.4f}'
        kept = ema.model if ema else model
        if val is not None:
            msg += ' ' + validate(kept, *val)
        print(f'{msg} ({time.time() - t0:.0f} s)', flush=True)
        save('classifier', kept)  # each epoch: a run cut short still leaves a usable network


def validate(model, vx, vy):
    """Accuracy on held-out crops, as read() sees them: the average of four quarter turns."""
    model.eval()
    with torch.no_grad():
        p = 0
        for b in range(0, len(vy), 512):
            xb = vx[b:b + 512].float() / 255
            p_b = sum(F.softmax(model(torch.rot90(xb, k, dims=(-2, -1))), 1) for k in range(4))
            p = p_b if b == 0 else torch.cat([p, p_b])
    pred = p.argmax(1)
    dice = vy > 0
    value = p[:, 1:].argmax(1) + 1
    return (f'val acc {(pred == vy).float().mean():.4f} value acc (dice) {(value[dice] == vy[dice]).float().mean():.4f} '
            f'die found {(pred[dice] > 0).float().mean():.4f}')


which = os.environ.get('SCHIRI_TRAIN', 'both')
if which in ('both', 'classifier'):
    train_classifier()
if which in ('both', 'detector'):
    train_detector()
