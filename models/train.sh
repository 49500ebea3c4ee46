#!/bin/sh
# Rebuilds the dice reader's weights in models/dice/ from the training lists of ../shared/data/dice
# and rendered scenes (never a test, valid or unseen list), in one uninterrupted schedule:
#  1. rendered scenes (models/synth/render.ts), cached: a rerun with the same arguments keeps them;
#     the default draw and, beside it, scenes drawn towards what the readers miss (--focus hard);
#  2. the detector's tiles (models/make-data.ts), the detector trained (models/train.py, PyTorch on
#     the CPU, Debian's python3-torch) and exported to the TF.js layers format (models/export.ts);
#  3. the classifier's crops, cut at jittered labelled boxes, around them and where that fresh
#     detector proposes dice; the classifier trained (with procedural printed-table negatives drawn
#     on the fly, models/negatives.py) and exported.
# Usage: npm run train
#   SCHIRI_DICE_ROOT=DIR   the data sets elsewhere (default ../shared/data/dice)
#   SCHIRI_LEAVE_OUT=NAME  train without one source (models/sources.ts), for leave-one-set-out
#   SCHIRI_MODELS_OUT=DIR  where the weights go (default models/dice)
#   SCHIRI_THREADS=N       torch threads (default 2)
#   SCHIRI_SYNTH=N         rendered scenes of the default draw (default 1200; 0: none)
#   SCHIRI_SYNTH_FOCUS=N   rendered scenes drawn towards the readers' misses (default 600; 0: none)
#   SCHIRI_SYNTH_DIR=DIR[,DIR...]  take the finished frames of renders made (or still running)
#                          elsewhere instead
#   SCHIRI_DATA_OUT=DIR    where the tiles and crops go (default .cache/dice-data[-without-NAME]), so
#                          a trial recipe does not overwrite the crops of the default one
#   SCHIRI_BOARDS=N        frames of real dice pasted on the printed sheets (default 800; 0: none)
#   SCHIRI_DET_EPOCHS=N    detector epochs (default 12)
#   SCHIRI_CLS_EPOCHS=N    classifier epochs (default 3)
#   SCHIRI_NEGATIVES=F     share of each classifier batch drawn as printed-table "not a die" crops
#                          (models/negatives.py; default 0.12; 0: none)
#   SCHIRI_FROM=classifier train only the classifier, on the crops a finished run left in the data
#                          folder (models/loso-classifier.sh); the detector is not touched
#   SCHIRI_DET_ARGS="..."  more models/train.py options for the detector (e.g. --det-filters 16,24,32,32,32,32,32)
#   SCHIRI_CLS_ARGS="..."  more models/train.py options for the classifier (e.g. --seed 2)
set -eu
. models/data-root.sh
THREADS="${SCHIRI_THREADS:-2}"
MODELS="${SCHIRI_MODELS_OUT:-models/dice}"
SYNTH_N="${SCHIRI_SYNTH:-1200}"
FOCUS_N="${SCHIRI_SYNTH_FOCUS:-600}"
SYNTH="${SCHIRI_SYNTH_DIR:-}"
BOARDS_N="${SCHIRI_BOARDS:-800}"
BOARDS=.cache/board-frames
LEAVE=""
OUT=.cache/dice-data
if [ -n "${SCHIRI_LEAVE_OUT:-}" ]; then
  LEAVE="--leave-out $SCHIRI_LEAVE_OUT"
  OUT=".cache/dice-data-without-$SCHIRI_LEAVE_OUT"
  BOARDS=".cache/board-frames-without-$SCHIRI_LEAVE_OUT"
fi
OUT="${SCHIRI_DATA_OUT:-$OUT}"
# The default schedule is the one that fits the 60-minute budget on 2 cores (models/README.md,
# "Training"); the longer schedule the shipped weights were trained with is
# SCHIRI_DET_EPOCHS=20 SCHIRI_CLS_EPOCHS=9.
DET_EPOCHS="${SCHIRI_DET_EPOCHS:-12}"
CLS_EPOCHS="${SCHIRI_CLS_EPOCHS:-3}"
NEGATIVES="${SCHIRI_NEGATIVES:-0.12}"
case "${SCHIRI_FROM:-}" in
  '') ;;
  classifier) [ -f "$OUT/cls_x.bin" ] || { echo "SCHIRI_FROM=classifier: no crops in $OUT (run the whole schedule once)" >&2; exit 1; } ;;
  *) echo "SCHIRI_FROM: only classifier, not ${SCHIRI_FROM}" >&2; exit 2 ;;
esac
start=$(date +%s)
stamp() { echo "[$(( $(date +%s) - start )) s] $*"; }
mkdir -p "$OUT" "$MODELS"
rm -f "$OUT"/*.weights.f32 "$OUT"/*.shapes.json  # a failed step must not leave an older run's weights to export
if [ -z "${SCHIRI_FROM:-}" ]; then  # every step before the classifier is trained
if [ -n "$SYNTH" ]; then
  stamp "rendered scenes: the finished frames of $SYNTH"
else
  # Two renders, one list for make-data (default frames first): each cached on its own.
  if [ "$SYNTH_N" -gt 0 ]; then
    npx tsx models/synth/render.ts --out .cache/dice-synth --count "$SYNTH_N" --seed 1
    SYNTH=.cache/dice-synth
  fi
  if [ "$FOCUS_N" -gt 0 ]; then
    npx tsx models/synth/render.ts --out .cache/dice-synth-focus --count "$FOCUS_N" --seed 2 --focus hard
    SYNTH="${SYNTH:+$SYNTH,}.cache/dice-synth-focus"
  fi
  stamp "rendered scenes ready"
fi
if [ "$BOARDS_N" -gt 0 ]; then
  npx tsx models/board-frames.ts --data "$ROOT" --out "$BOARDS" --count "$BOARDS_N" $LEAVE
  stamp "board frames ready"
else
  BOARDS=  # make-data: no board frames
fi
npx tsx models/make-data.ts --part detector --data "$ROOT" --synth "$SYNTH" --boards "$BOARDS" --out "$OUT" $LEAVE
stamp "detector tiles"
# shellcheck disable=SC2086  # SCHIRI_DET_ARGS is a list of options
SCHIRI_TRAIN=detector /usr/bin/python3 models/train.py --data "$OUT" --threads "$THREADS" --det-epochs "$DET_EPOCHS" ${SCHIRI_DET_ARGS:-}
npx tsx models/export.ts --data "$OUT" --out "$MODELS" --nets detector
stamp "detector trained"
npx tsx models/make-data.ts --part classifier --data "$ROOT" --synth "$SYNTH" --boards "$BOARDS" --out "$OUT" $LEAVE --detector "$MODELS"
stamp "classifier crops"
fi
# shellcheck disable=SC2086  # SCHIRI_CLS_ARGS is a list of options
SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$OUT" --threads "$THREADS" --cls-epochs "$CLS_EPOCHS" --negatives "$NEGATIVES" ${SCHIRI_CLS_ARGS:-}
npx tsx models/export.ts --data "$OUT" --out "$MODELS" --nets classifier
stamp "done"
