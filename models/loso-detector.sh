#!/bin/sh
# A leave-one-set-out trial of a detector change: a fold that models/loso.sh has trained gets a new
# detector, trained from the fold's cached tiles with the options given, and a new classifier,
# trained on crops cut with that detector as the recipe does (the classifier learns the boxes its
# detector draws: a fold's classifier reads 0.05 fewer dice right behind another detector), both
# scored on the left-out set like the fold itself (models/loso-table.ts). About 15 minutes a fold.
# Usage: sh models/loso-detector.sh FOLD NAME [models/train.py detector options]
#   e.g. sh models/loso-detector.sh nell-byler sep --det-separable --det-filters 8,24,48,48,48,48,48
#   The reader goes to .cache/loso-detector/FOLD-NAME, its crops to .cache/dice-data-NAME-without-FOLD
#   (environment as for models/train.sh).
set -eu
[ $# -ge 2 ] || { echo "usage: sh models/loso-detector.sh FOLD NAME [train.py detector options]" >&2; exit 2; }
fold=$1; name=$2; shift 2
tiles=".cache/dice-data-without-$fold"
[ -f "$tiles/det_x.bin" ] || { echo "no trained fold $fold: run sh models/loso.sh $fold first" >&2; exit 1; }
. models/data-root.sh
out=".cache/loso-detector/$fold-$name"
data=".cache/dice-data-$name-without-$fold"
mkdir -p "$out"
. models/linked-data.sh
linked_data "$tiles" "$data" det_x.bin det.json
SCHIRI_TRAIN=detector /usr/bin/python3 models/train.py --data "$data" --threads "${SCHIRI_THREADS:-2}" \
  --det-epochs "${SCHIRI_DET_EPOCHS:-12}" "$@"
npx tsx models/export.ts --data "$data" --out "$out" --nets detector
npx tsx models/make-data.ts --part classifier --data "$ROOT" --synth "${SCHIRI_SYNTH_DIR:-.cache/dice-synth}" \
  --boards ".cache/board-frames-without-$fold" --out "$data" --leave-out "$fold" --detector "$out"
SCHIRI_FROM=classifier SCHIRI_LEAVE_OUT="$fold" SCHIRI_MODELS_OUT="$out" SCHIRI_DATA_OUT="$data" sh models/train.sh
npx tsx models/loso-table.ts --fold "$fold" --models "$out"
