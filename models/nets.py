"""The networks of the dice reader as PyTorch modules (the conv stacks of vision/classify/nets.ts), and
their weights in TF.js layout on disk: written for models/export.ts, read back to train on from them or
to teach with them (models/train.py)."""

import json
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class Stack(nn.Module):
    """Conv layers as vision/classify/nets.ts builds them ('same' padding, ReLU, optional 2x2 pool).

    With bn, each conv is followed by batch norm while training; tf_weights folds it into the
    conv's kernel and bias, so the exported network is the plain conv + ReLU stack of nets.ts.
    """

    def __init__(self, specs, cin, head=None, bn=False, dropout=0.0):
        super().__init__()
        self.specs = specs
        self.convs = nn.ModuleList()
        self.bns = nn.ModuleList()
        for i, s in enumerate(specs):
            d = s.get('dilation', 1)
            pad = d * (s['kernel'] // 2)
            if s.get('separable'):
                self.convs.append(nn.Sequential(nn.Conv2d(cin, cin, s['kernel'], padding=pad, dilation=d, groups=cin, bias=False),
                                                nn.Conv2d(cin, s['filters'], 1)))
            else:
                self.convs.append(nn.Conv2d(cin, s['filters'], s['kernel'], padding=pad, dilation=d))
            # Not after the first conv: at full resolution it costs the most and helps the least.
            self.bns.append(nn.BatchNorm2d(s['filters']) if bn and i > 0 and not s.get('linear') else nn.Identity())
            cin = s['filters']
        self.drop = nn.Dropout(dropout)
        self.head = nn.Linear(cin, head) if head else None

    def forward(self, x):
        for s, c, b in zip(self.specs, self.convs, self.bns):
            x = b(c(x))
            if not s.get('linear'):
                x = F.relu(x)
            if s.get('pool'):
                x = F.max_pool2d(x, 2)
        if self.head is not None:
            x = self.head(self.drop(x.mean(dim=(2, 3))))
        return x

    def tf_weights(self):
        out = []
        for c, b in zip(self.convs, self.bns):
            if isinstance(c, nn.Sequential):  # separable: TF.js's depthwise [k, k, in, 1], then the 1 x 1 conv
                out.append(c[0].weight.detach().permute(2, 3, 0, 1).contiguous().numpy())
                c = c[1]
            w, bias = c.weight.detach(), c.bias.detach()
            if isinstance(b, nn.BatchNorm2d):
                scale = b.weight.detach() / torch.sqrt(b.running_var + b.eps)
                w = w * scale[:, None, None, None]
                bias = (bias - b.running_mean) * scale + b.bias.detach()
            out.append(w.permute(2, 3, 1, 0).contiguous().numpy())
            out.append(bias.numpy())
        if self.head is not None:
            out.append(self.head.weight.detach().t().contiguous().numpy())
            out.append(self.head.bias.detach().numpy())
        return out


def with_widths(layers, text, option, count):
    """`layers` with the widths of their first `count` convs given as `option` does (comma-separated
    `text`: a trial of speed, --det-filters or --cls-filters); the layers after them kept."""
    widths = [int(w) for w in text.split(',')]
    if len(widths) != count:
        raise SystemExit(f'{option}: {count} widths, not {len(widths)}')
    return [{**s, 'filters': w} for s, w in zip(layers, widths)] + layers[count:]


def write_folded(folder, name, model):
    """The weights of `model` in TF.js layout and order (tf_weights) as NAME.weights.f32 and
    NAME.shapes.json in `folder`: what models/export.ts reads, and read_folded reads back."""
    arrs = model.tf_weights()
    with open(os.path.join(folder, name + '.weights.f32'), 'wb') as f:
        for a in arrs:
            f.write(a.astype('<f4').tobytes())
    json.dump([list(a.shape) for a in arrs], open(os.path.join(folder, name + '.shapes.json'), 'w'))


def read_folded(folder, name):
    """The shapes and float32 weights of a finished network: write_folded's files, or an exported reader's
    TF.js files (models/export.ts writes the same arrays in the same order into NAME.weights.bin)."""
    if os.path.exists(os.path.join(folder, name + '.shapes.json')):
        shapes = json.load(open(os.path.join(folder, name + '.shapes.json')))
        return shapes, np.fromfile(os.path.join(folder, name + '.weights.f32'), dtype='<f4')
    manifest = json.load(open(os.path.join(folder, name + '.json')))['weightsManifest']
    shapes = [w['shape'] for m in manifest for w in m['weights']]
    return shapes, np.fromfile(os.path.join(folder, name + '.weights.bin'), dtype='<f4')


def load_folded(model, folder, name):
    """The weights write_folded wrote (TF.js layout, batch norm folded in) back into a Stack without bn."""
    shapes, flat = read_folded(folder, name)
    arrs, at = [], 0
    for sh in shapes:
        n = int(np.prod(sh))
        arrs.append(torch.from_numpy(flat[at:at + n].reshape(sh).copy()))
        at += n
    assert at == len(flat), 'weights and shapes disagree'
    if any(isinstance(c, nn.Sequential) for c in model.convs):
        raise SystemExit('fine-tuning a separable network is not supported')
    with torch.no_grad():
        for k, c in enumerate(model.convs):
            c.weight.copy_(arrs[2 * k].permute(3, 2, 0, 1))
            c.bias.copy_(arrs[2 * k + 1])
        if model.head is not None:
            model.head.weight.copy_(arrs[-2].t())
            model.head.bias.copy_(arrs[-1])


def frozen(folder, name, specs, head=None):
    """A finished network (read_folded) as a Stack without bn, its widths taken from its weights, in
    eval mode: a teacher (--det-teacher, --cls-teacher)."""
    shapes, _ = read_folded(folder, name)
    widths = [sh[3] for sh in (shapes[:-2] if head else shapes)[0::2]]
    net = Stack([{**s, 'filters': w, 'separable': False} for s, w in zip(specs, widths)], 3, head=head)
    load_folded(net, folder, name)
    return net.eval().to(memory_format=torch.channels_last)
