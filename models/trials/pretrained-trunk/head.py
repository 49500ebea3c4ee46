"""A small head on fixed trunk features, trained on a fold's crops (train-features.ts); its
answers replace the fold classifier's for the fold's left-out candidates (candidates.ts).
  python3 head.py DIR [--hidden 256] [--epochs 30] [--seed 1]
writes DIR/head.json: candidates.json with each candidate's `probs` the head's and `reader` the
fold classifier's."""
import argparse, json, numpy as np, torch

p = argparse.ArgumentParser()
p.add_argument('dir')
p.add_argument('--hidden', type=int, default=256, help='0: a linear head')
p.add_argument('--epochs', type=int, default=30)
p.add_argument('--seed', type=int, default=1)
args = p.parse_args()
torch.manual_seed(args.seed)
torch.set_num_threads(1)
# Without this a few epochs take minutes: the standardised features make denormal floats.
torch.set_flush_denormal(True)
CLASSES = 7

y = np.fromfile(f'{args.dir}/train_y.bin', dtype=np.uint8).astype(np.int64)
x = np.fromfile(f'{args.dir}/train_f.bin', dtype=np.float32).reshape(len(y), -1)
mu, sd = x.mean(0), x.std(0) + 1e-3
X, Y = torch.tensor((x - mu) / sd), torch.tensor(y)
if args.hidden:
    net = torch.nn.Sequential(torch.nn.Dropout(0.2), torch.nn.Linear(X.shape[1], args.hidden), torch.nn.ReLU(),
                              torch.nn.Dropout(0.3), torch.nn.Linear(args.hidden, CLASSES))
else:
    net = torch.nn.Sequential(torch.nn.Dropout(0.2), torch.nn.Linear(X.shape[1], CLASSES))
BATCH = 256
steps = args.epochs * ((len(y) + BATCH - 1) // BATCH)
opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-2)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps)
for epoch in range(args.epochs):
    net.train()
    perm, total = torch.randperm(len(y)), 0.0
    for i in range(0, len(y), BATCH):
        b = perm[i:i + BATCH]
        loss = torch.nn.functional.cross_entropy(net(X[b]), Y[b], label_smoothing=0.05)
        opt.zero_grad(); loss.backward(); opt.step(); sched.step()
        total += loss.item() * len(b)
    if (epoch + 1) % 10 == 0:
        print(f'epoch {epoch + 1}: loss {total / len(y):.4f}', flush=True)

net.eval()
sets = json.load(open(f'{args.dir}/candidates.json'))
ef = np.fromfile(f'{args.dir}/eval_f.bin', dtype=np.float32).reshape(-1, X.shape[1])
with torch.no_grad():
    probs = torch.softmax(net(torch.tensor((ef - mu) / sd)), 1).numpy()
cands = [c for s in sets for im in s['images'] for c in im['cands']]
assert len(cands) == len(probs), (len(cands), len(probs))
for c, q in zip(cands, probs):
    c['reader'], c['probs'] = c['probs'], q.tolist()
json.dump(sets, open(f'{args.dir}/head.json', 'w'))
print(f'{len(cands)} candidates answered')
