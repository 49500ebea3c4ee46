#!/bin/sh
# Rebuilds the dice reader's weights in models/dice/ from nell-byler's train.txt (never test.txt):
# crops and shrunken frames (models/make-data.ts), PyTorch training on the CPU (models/train.py,
# Debian's python3-torch), export to the TF.js layers format (models/export.ts).
# Usage: npm run train   (SCHIRI_DICE_DATA=DIR to point at the data set elsewhere)
set -eu
DATA="${SCHIRI_DICE_DATA:-../shared/data/dice/nell-byler}"
OUT=.cache/dice-data
start=$(date +%s)
npx tsx models/make-data.ts --data "$DATA" --list train.txt --out "$OUT"
SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" > "$OUT/train-classifier.log" 2>&1 &
cls=$!
SCHIRI_TRAIN=detector /usr/bin/python3 models/train.py --data "$OUT"
wait $cls
tail -n 1 "$OUT/train-classifier.log"
npx tsx models/export.ts --data "$OUT" --out models/dice
echo "trained in $(( $(date +%s) - start )) s"
