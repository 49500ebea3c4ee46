#!/bin/sh
# Leave one set out: for each source named (default: the three photo sets), train the whole
# schedule of models/train.sh without it into .cache/loso/NAME, then score that reader on the
# left-out set with `schiri eval` (the blob counter beside it). models/loso-table.ts prints the
# table of all folds. Designs and thresholds are chosen this way, never on rune55's unseen list.
# Usage: sh models/loso.sh [NAME ...]     (environment as for models/train.sh)
set -eu
for src in ${*:-nell-byler dice-3 rune55}; do
  SCHIRI_LEAVE_OUT="$src" SCHIRI_MODELS_OUT=".cache/loso/$src" sh models/train.sh
  npx tsx models/loso-table.ts --fold "$src"
done
npx tsx models/loso-table.ts
