"""Mixes COUNT random crops of a fold's own training data (make-data output) into the taught crops
of crops.ts, the taught crops repeated until they are about half of the whole.
  /usr/bin/python3 models/trials/table-finetune/mix.py TAUGHT_DIR FOLD_DATA_DIR COUNT"""
import json, os, sys
import numpy as np

taught, fold, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = json.load(open(os.path.join(taught, 'nets.json')))['CROP'] ** 2 * 3
y = np.fromfile(os.path.join(fold, 'cls_y.bin'), np.uint8)
x = np.memmap(os.path.join(fold, 'cls_x.bin'), np.uint8, 'r', shape=(len(y), size))
pick = np.sort(np.random.default_rng(1).choice(len(y), count, replace=False))
tx = np.fromfile(os.path.join(taught, 'cls_x.bin'), np.uint8).reshape(-1, size)
ty = np.fromfile(os.path.join(taught, 'cls_y.bin'), np.uint8)
repeat = max(1, count // len(ty) // 2)
np.concatenate([np.tile(tx, (repeat, 1)), x[pick]]).tofile(os.path.join(taught, 'cls_x.bin'))
np.concatenate([np.tile(ty, repeat), y[pick]]).tofile(os.path.join(taught, 'cls_y.bin'))
print(f'{len(ty) * repeat} taught crops ({repeat} x {len(ty)}), {count} of the fold\'s')
