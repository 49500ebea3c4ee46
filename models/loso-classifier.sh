#!/bin/sh
# A cheaper leave-one-set-out trial of a classifier change: retrain only the classifier of a fold
# that models/loso.sh has already trained, from that fold's cached crops and with its detector,
# then score it on the left-out set like the fold itself (models/loso-table.ts). About 9 minutes
# for 3 epochs instead of the fold's 22. Compare with the same script run without the change, not
# with the fold's own figures: the two runs differ only in what is passed here.
# Usage: sh models/loso-classifier.sh FOLD NAME [models/train.py options]
#   e.g. sh models/loso-classifier.sh nell-byler invert --invert 0.3
#   The reader goes to .cache/loso-classifier/FOLD-NAME (SCHIRI_CLS_EPOCHS, SCHIRI_NEGATIVES and
#   SCHIRI_THREADS as for models/train.sh).
set -eu
[ $# -ge 2 ] || { echo "usage: sh models/loso-classifier.sh FOLD NAME [train.py options]" >&2; exit 2; }
fold=$1; name=$2; shift 2
crops=".cache/dice-data-without-$fold"
[ -f "$crops/cls_x.bin" ] && [ -f ".cache/loso/$fold/detector.json" ] || { echo "no trained fold $fold: run sh models/loso.sh $fold first" >&2; exit 1; }
out=".cache/loso-classifier/$fold-$name"
data="$out/data"
mkdir -p "$data"
# The crops are shared, not copied (about 1 GB a fold); train.py writes its weights beside them.
for f in cls_x.bin cls_y.bin cls_src.bin nets.json classifier-sources.json; do ln -sf "$PWD/$crops/$f" "$data/$f"; done
rm -f "$data"/classifier.weights.f32 "$data"/classifier.shapes.json
cp ".cache/loso/$fold"/detector.json ".cache/loso/$fold"/detector.weights.bin "$out/"
start=$(date +%s)
SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$data" --threads "${SCHIRI_THREADS:-2}" \
  --cls-epochs "${SCHIRI_CLS_EPOCHS:-3}" --negatives "${SCHIRI_NEGATIVES:-0.12}" "$@"
npx tsx models/export.ts --data "$data" --out "$out" --nets classifier
echo "[$(( $(date +%s) - start )) s] classifier trained"
npx tsx models/loso-table.ts --fold "$fold" --models "$out"
