"""A copy of a fold's classifier crops in which every rendered crop (source 'synth') is unsharp-masked
and its contrast stretched, so that the render's dice match the colour photos' dice in median
sharpness and contrast (models/trials/render-crops-sharpened/README.md, "Rendered crops as sharp as the photos' crops"). The
other sources' crops, the labels and the source list are linked, not copied, so the trial's
classifier trains on exactly the fold's crops but for the render's.
  /usr/bin/python3 models/trials/render-crops-sharpened/sharpen.py IN_DIR OUT_DIR [AMOUNT [STRETCH]]
AMOUNT: unsharp mask x + AMOUNT (x - gauss(x, sigma 1)), default 1; STRETCH: contrast about the crop's
mean, default 1.3. Then SCHIRI_DATA_OUT=OUT_DIR sh models/loso-classifier.sh FOLD NAME."""
import json, os, sys
import numpy as np
import torch
import torch.nn.functional as F

src_dir, out_dir = sys.argv[1], sys.argv[2]
amount = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
stretch = float(sys.argv[4]) if len(sys.argv) > 4 else 1.3
crop = json.load(open(os.path.join(src_dir, 'nets.json')))['CROP']
synth = json.load(open(os.path.join(src_dir, 'classifier-sources.json')))['sources'].index('synth')
source = np.fromfile(os.path.join(src_dir, 'cls_src.bin'), np.uint8)
n = len(source)
x_in = np.memmap(os.path.join(src_dir, 'cls_x.bin'), np.uint8, 'r', shape=(n, crop, crop, 3))
os.makedirs(out_dir, exist_ok=True)
for f in ('cls_y.bin', 'cls_src.bin', 'classifier-sources.json', 'nets.json'):
    link = os.path.join(out_dir, f)
    if not os.path.exists(link):
        os.symlink(os.path.abspath(os.path.join(src_dir, f)), link)
x_out = np.memmap(os.path.join(out_dir, 'cls_x.bin'), np.uint8, 'w+', shape=(n, crop, crop, 3))
r = torch.arange(-3, 4).float()
k = torch.exp(-r ** 2 / 2)
k = k / k.sum()
for a in range(0, n, 8192):
    b = min(n, a + 8192)
    x = torch.from_numpy(np.array(x_in[a:b])).float().permute(0, 3, 1, 2)
    m = torch.from_numpy(source[a:b] == synth)
    if m.any():
        xs = x[m]
        c = xs.shape[0] * 3
        p = F.pad(xs.reshape(1, c, crop, crop), (3, 3, 3, 3), mode='replicate')
        blurred = F.conv2d(F.conv2d(p, k.repeat(c, 1)[:, None, None, :], groups=c), k.repeat(c, 1)[:, None, :, None], groups=c).reshape_as(xs)
        y = xs + amount * (xs - blurred)
        mean = y.mean((1, 2, 3), keepdim=True)
        x[m] = (mean + stretch * (y - mean)).clamp(0, 255).round()
    x_out[a:b] = x.permute(0, 2, 3, 1).to(torch.uint8).numpy()
x_out.flush()
print(f'{out_dir}: {n} crops, {int((source == synth).sum())} rendered ones sharpened (amount {amount}, stretch {stretch})')
