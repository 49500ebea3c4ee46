#!/bin/sh
# Rebuilds the dice reader's weights in models/dice/ from nell-byler's train.txt (never test.txt),
# in one uninterrupted schedule:
#  1. the detector's shrunken frames (models/make-data.ts, seeded), the detector trained
#     (models/train.py, PyTorch on the CPU, Debian's python3-torch) and exported to the TF.js
#     layers format (models/export.ts);
#  2. the classifier's crops, cut at jittered labelled boxes and where that fresh detector puts
#     its boxes, the classifier trained (one warm-up + cosine schedule) and exported;
#  3. the thresholds on train.txt (models/tune.ts prints them; copy the best into
#     DEFAULT_THRESHOLDS in vision/read.ts).
# Usage: npm run train   (SCHIRI_DICE_DATA=DIR: the data set elsewhere; SCHIRI_THREADS=N: torch
# threads, default 1 on this shared 2-core machine)
set -eu
DATA="${SCHIRI_DICE_DATA:-../shared/data/dice/nell-byler}"
THREADS="${SCHIRI_THREADS:-1}"
OUT=.cache/dice-data
start=$(date +%s)
rm -f "$OUT"/*.weights.f32 "$OUT"/*.shapes.json  # a failed step must not leave an older run's weights to export
stamp() { echo "[$(( $(date +%s) - start )) s] $*"; }
npx tsx models/make-data.ts --data "$DATA" --list train.txt --out "$OUT" --part detector
SCHIRI_TRAIN=detector /usr/bin/python3 models/train.py --data "$OUT" --threads "$THREADS" --det-epochs 100
npx tsx models/export.ts --data "$OUT" --out models/dice --nets detector
stamp detector done
npx tsx models/make-data.ts --data "$DATA" --list train.txt --out "$OUT" --part classifier --detector models/dice
SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --threads "$THREADS" --cls-epochs 26
npx tsx models/export.ts --data "$OUT" --out models/dice --nets classifier
stamp trained
npx tsx models/tune.ts --data "$DATA"
stamp done
