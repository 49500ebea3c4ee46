#!/bin/sh
# Scores a reader of a leave-one-set-out fold on the fold's left-out lists, as the distillation
# trial compares them (models/trials.md, "Smaller networks taught by the larger ones"): the die bar
# of the reader, no blob counter, the label fixes of models/.
# Usage: sh models/trials/distill/score.sh FOLD MODELS_DIR [OUT_FILE]   (default MODELS_DIR/eval.json)
set -eu
fold=$1; dir=$2; out=${3:-$2/eval.json}
case $fold in
  nell-byler) sets=nell-byler:test; fixes=models/nell-byler-label-fixes.json ;;
  dice-3) sets=dice-3:test,dice-3:valid; fixes=models/dice-3-label-fixes.json ;;
  rune55) sets=rune55:train; fixes=models/nell-byler-label-fixes.json ;;
  *) echo "FOLD: nell-byler, dice-3 or rune55, not $fold" >&2; exit 2 ;;
esac
node bin/schiri.js eval --sets "$sets" --models "$dir" --json --skip-baseline --fixes "$fixes" > "$out"
