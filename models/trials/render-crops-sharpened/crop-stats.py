"""Median contrast and sharpness of each source's die and "not a die" crops in a make-data output:
contrast the grey centre's standard deviation (24 x 24 of a 48 x 48 crop), sharpness its mean
absolute Laplacian over that deviation (so a brighter crop is not a sharper one). Run on
sharpen.py's output it shows the rendered crops after.
  python3 models/trials/render-crops-sharpened/crop-stats.py DATA_DIR"""
import json, os, sys
import numpy as np

d = sys.argv[1]
crop = json.load(open(os.path.join(d, 'nets.json')))['CROP']
names = json.load(open(os.path.join(d, 'classifier-sources.json')))['sources']
source = np.fromfile(os.path.join(d, 'cls_src.bin'), np.uint8)
label = np.fromfile(os.path.join(d, 'cls_y.bin'), np.uint8)
x = np.memmap(os.path.join(d, 'cls_x.bin'), np.uint8, 'r', shape=(len(label), crop, crop, 3))
rng = np.random.default_rng(0)
q = crop // 4


def stats(grey):
    c = grey[:, q:crop - q, q:crop - q]
    std = c.reshape(len(c), -1).std(1) + 1e-3
    lap = np.abs(4 * c[:, 1:-1, 1:-1] - c[:, :-2, 1:-1] - c[:, 2:, 1:-1] - c[:, 1:-1, :-2] - c[:, 1:-1, 2:]).reshape(len(c), -1).mean(1)
    return np.median(std), np.median(lap / std)


for s, name in enumerate(names):
    for die in (True, False):
        idx = np.where((source == s) & ((label > 0) == die))[0]
        if not len(idx):
            continue
        idx = np.sort(rng.choice(idx, min(1500, len(idx)), replace=False))
        std, sharp = stats(x[idx].astype(np.float32).mean(-1))
        print(f'{name:10s} {"die" if die else "not a die":9s} {len(idx):5d} crops: contrast {std:5.1f}, sharpness {sharp:.3f}')
