#!/bin/sh
# A cheaper leave-one-set-out trial of a classifier change: retrain only the classifier of a fold
# that models/loso.sh has already trained, from that fold's cached crops and with its detector
# (models/train.sh with SCHIRI_FROM=classifier), then score it on the left-out set like the fold
# itself (models/loso-table.ts). About 9 minutes for 3 epochs instead of the fold's 22. With no
# options it reproduces the fold's classifier bit for bit, so a trial differs from the fold only by
# what is passed here (but another seed alone moves a fold by a few hundredths: models/README.md).
# Usage: sh models/loso-classifier.sh FOLD NAME [models/train.py options]
#   e.g. sh models/loso-classifier.sh nell-byler invert --invert 0.3
#   The reader goes to .cache/loso-classifier/FOLD-NAME (environment as for models/train.sh).
#   With SCHIRI_SYNTH_DIR=DIR (another render, e.g. models/synth/render.ts --max-tilt 70) the crops
#   are cut anew, with that render and the fold's detector, into .cache/dice-data-NAME-without-FOLD;
#   SCHIRI_DATA_ARGS adds models/make-data.ts options to that cut (e.g. --legible-synth).
set -eu
[ $# -ge 2 ] || { echo "usage: sh models/loso-classifier.sh FOLD NAME [train.py options]" >&2; exit 2; }
fold=$1; name=$2; shift 2
[ -f ".cache/loso/$fold/detector.json" ] || { echo "no trained fold $fold: run sh models/loso.sh $fold first" >&2; exit 1; }
out=".cache/loso-classifier/$fold-$name"
mkdir -p "$out"
cp ".cache/loso/$fold"/detector.json ".cache/loso/$fold"/detector.weights.bin "$out/"
if [ -n "${SCHIRI_SYNTH_DIR:-}" ]; then
  . models/data-root.sh
  SCHIRI_DATA_OUT=".cache/dice-data-$name-without-$fold"
  export SCHIRI_DATA_OUT
  npx tsx models/make-data.ts --part classifier --data "$ROOT" --synth "$SCHIRI_SYNTH_DIR" --boards ".cache/board-frames-without-$fold" \
    --out "$SCHIRI_DATA_OUT" --leave-out "$fold" --detector ".cache/loso/$fold" ${SCHIRI_DATA_ARGS:-}
fi
SCHIRI_FROM=classifier SCHIRI_LEAVE_OUT="$fold" SCHIRI_MODELS_OUT="$out" SCHIRI_CLS_ARGS="$*" sh models/train.sh
npx tsx models/loso-table.ts --fold "$fold" --models "$out"
