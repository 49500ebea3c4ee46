#!/bin/sh
# The ghost test set (models/ghosts/README.md): rendered scenes with no die (seed 61, never used
# in training: train.sh renders seeds 1 and 2) and the real photos of dice-3's test and valid
# lists that show a printed Catan board or pawns, each scored by `schiri eval` for phantoms per
# frame, the blob counter beside it. Extra arguments go to both evals (e.g. --thresholds '{...}').
set -e
cd "$(dirname "$0")/../.."
. models/data-root.sh
npx tsx models/synth/render.ts --out .cache/ghosts/render --count 30 --seed 61 --width 640 --height 480 --focus ghost
node bin/schiri.js eval .cache/ghosts/render/images .cache/ghosts/render/labels "$@"
node bin/schiri.js eval "$ROOT/dice-3/images" "$ROOT/dice-3/labels" --list models/ghosts/dice-3-boards.txt \
  --fixes models/dice-3-label-fixes.json "$@"
