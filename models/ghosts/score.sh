#!/bin/sh
# The ghost test set (models/ghosts/README.md): 60 rendered scenes with no die (seed 61, never used
# in training: train.sh renders seeds 1 and 2), 12 of each kind (models/synth/scene/ghosts.ts), and
# the real photos of dice-3's test and valid lists that show a printed Catan board or pawns, each
# scored by `schiri eval` for phantoms per frame, the blob counter beside it: the renders all
# together, then kind by kind, then the photos. Extra arguments go to every eval (e.g.
# --thresholds '{...}', --models DIR, --json).
set -e
cd "$(dirname "$0")/../.."
. models/data-root.sh
R=.cache/ghosts/render
npx tsx models/synth/render.ts --out $R --count 60 --seed 61 --width 640 --height 480 --focus ghost
npx tsx models/ghosts/kinds.ts $R
echo "== renders, all kinds"
node bin/schiri.js eval $R/images $R/labels "$@"
for kind in numeral-d6 rpg-dice print pieces board-art; do
  echo "== renders: $kind"
  node bin/schiri.js eval $R/images $R/labels --list $R/$kind.txt "$@"
done
echo "== dice-3 photos of Catan boards and pawns"
node bin/schiri.js eval "$ROOT/dice-3/images" "$ROOT/dice-3/labels" --list models/ghosts/dice-3-boards.txt \
  --fixes models/dice-3-label-fixes.json "$@"
