#!/bin/sh
# A cheaper leave-one-set-out trial of a classifier change: retrain only the classifier of a fold
# that models/loso.sh has already trained, from that fold's cached crops and with its detector
# (models/train.sh with SCHIRI_FROM=classifier), then score it on the left-out set like the fold
# itself (models/loso-table.ts). About 9 minutes for 3 epochs instead of the fold's 22. With no
# options it reproduces the fold's classifier bit for bit, so a trial differs from the fold only by
# what is passed here (but another seed alone moves a fold by up to 0.08: models/trials.md).
# Usage: sh models/loso-classifier.sh FOLD NAME [models/train.py options]
#   e.g. sh models/loso-classifier.sh nell-byler invert --invert 0.3
#   The reader goes to .cache/loso-classifier/FOLD-NAME (environment as for models/train.sh).
#   With SCHIRI_SYNTH_DIR=DIR (another render, e.g. models/synth/render.ts --max-tilt 70) the crops
#   are cut anew, with that render and the fold's detector, into .cache/dice-data-NAME-without-FOLD;
#   SCHIRI_DATA_ARGS adds models/make-data.ts options to that cut (e.g. --legible-synth).
#   With SCHIRI_SEEDS="1 2 3" the classifier is trained once per seed (--seed N added), each into
#   .cache/loso-classifier/FOLD-NAME-sN, on the same crops: one run moves a fold by up to 0.08
#   (models/trials/seed-spread/README.md, "Three seeds of every fold"), so a trial is judged on several.
set -eu
[ $# -ge 2 ] || { echo "usage: sh models/loso-classifier.sh FOLD NAME [train.py options]" >&2; exit 2; }
fold=$1; name=$2; shift 2
[ -f ".cache/loso/$fold/detector.json" ] || { echo "no trained fold $fold: run sh models/loso.sh $fold first" >&2; exit 1; }
if [ -n "${SCHIRI_SYNTH_DIR:-}" ]; then
  . models/data-root.sh
  SCHIRI_DATA_OUT=".cache/dice-data-$name-without-$fold"
  export SCHIRI_DATA_OUT
  npx tsx models/make-data.ts --part classifier --data "$ROOT" --synth "$SCHIRI_SYNTH_DIR" --boards ".cache/board-frames-without-$fold" \
    --out "$SCHIRI_DATA_OUT" --leave-out "$fold" --detector ".cache/loso/$fold" ${SCHIRI_DATA_ARGS:-}
fi
# One reader per seed: the fold's detector and a classifier trained on the crops above.
train() { # OUT [train.py options]
  out=$1; shift
  mkdir -p "$out"
  cp ".cache/loso/$fold"/detector.json ".cache/loso/$fold"/detector.weights.bin "$out/"
  SCHIRI_FROM=classifier SCHIRI_LEAVE_OUT="$fold" SCHIRI_MODELS_OUT="$out" SCHIRI_CLS_ARGS="$*" sh models/train.sh
  npx tsx models/loso-table.ts --fold "$fold" --models "$out"
}
if [ -n "${SCHIRI_SEEDS:-}" ]; then
  for seed in $SCHIRI_SEEDS; do
    train ".cache/loso-classifier/$fold-$name-s$seed" "$@" --seed "$seed"
  done
else
  train ".cache/loso-classifier/$fold-$name" "$@"
fi
