#!/bin/sh
# Rebuilds the dice reader's weights in models/dice/ from nell-byler's train.txt (never test.txt):
# crops and shrunken frames (models/make-data.ts, seeded), PyTorch training on the CPU
# (models/train.py, Debian's python3-torch), export to the TF.js layers format (models/export.ts),
# then the thresholds on train.txt (models/tune.ts prints them; copy the best into
# DEFAULT_THRESHOLDS in vision/read.ts).
# The classifier trains in one-cycle runs, each resumed from the last (5 epochs, then 3, 2, 8, 4,
# 8, 30 and 30 more), which is how the committed weights were made on a shared 2-core
# machine whose free CPU came and went.
# Usage: npm run train   (SCHIRI_DICE_DATA=DIR to point at the data set elsewhere)
set -eu
DATA="${SCHIRI_DICE_DATA:-../shared/data/dice/nell-byler}"
OUT=.cache/dice-data
start=$(date +%s)
npx tsx models/make-data.ts --data "$DATA" --list train.txt --out "$OUT"
( SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --cls-epochs 5 &&
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --resume --cls-epochs 3 --cls-max-lr 1.5e-3 --threads 2 &&
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --resume --cls-epochs 2 --cls-max-lr 1e-3 --threads 2 &&
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --resume --cls-epochs 8 --cls-max-lr 1e-3 --threads 2 &&
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --resume --cls-epochs 4 --cls-max-lr 7e-4 --threads 2 &&
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --resume --cls-epochs 8 --cls-max-lr 5e-4 --threads 1 &&
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --resume --cls-epochs 30 --cls-max-lr 1e-3 --threads 1 &&
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --resume --cls-epochs 30 --cls-max-lr 7e-4 --threads 1 ) > "$OUT/train-classifier.log" 2>&1 &
cls=$!
SCHIRI_TRAIN=detector /usr/bin/python3 models/train.py --data "$OUT" --det-epochs 40
wait $cls
tail -n 1 "$OUT/train-classifier.log"
npx tsx models/export.ts --data "$OUT" --out models/dice
echo "trained in $(( $(date +%s) - start )) s"
npx tsx models/tune.ts --data "$DATA"
