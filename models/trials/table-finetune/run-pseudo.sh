#!/bin/sh
# The fold classifier fine-tuned on a table's own dice without labels (pseudo-crops.ts: the boxes the
# fold reader is sure of on photos of that table, and as many it is sure hold none), beside random
# crops of the fold's training data, then scored on the set's labelled list beside the fold's reader
# (models/trials/table-finetune/README.md, "A head on the classifier's features, and the classifier fine-tuned per table").
# Usage: sh models/trials/table-finetune/run-pseudo.sh FOLD PHOTO_SET SCORE_SETS [LABEL_FIXES]
#   PHOTO_SET: folder:list of the table's photos (their labels unused); SCORE_SETS: as schiri eval's --sets.
#   SCHIRI_SURE: the die probability from which a box counts as a sure die (pseudo-crops.ts; default 0.97).
#   SCHIRI_DICE_ROOT may point at a copy of the data root with an extra list (e.g. photos sharing no throw with the scored lists).
set -eu
fold=$1; photos=$2; sets=$3; fixes=${4:-}
sure=${SCHIRI_SURE:-0.97}
name="$fold-pseudo-$(echo "$photos" | tr ':' '-')$( [ "$sure" = 0.97 ] || echo "-sure$sure")"
data=".cache/table-finetune/$name"
. models/trials/table-finetune/tune.sh
mkdir -p "$data"
[ -f "$data/photos.json" ] || npx tsx models/trials/replay/candidate-dump.ts --models ".cache/loso/$fold" --sets "$photos" --out "$data/photos.json" 2>/dev/null
npx tsx models/trials/table-finetune/pseudo-crops.ts "$data/photos.json" "$photos" "$data" "$sure"
/usr/bin/python3 models/trials/table-finetune/mix.py "$data" ".cache/dice-data-without-$fold" 8000
tune "$fold" "$data" 3 2e-4 "${SCHIRI_THREADS:-2}"
npx tsx models/trials/replay/candidate-dump.ts --models "$data/reader" --sets "$sets" ${fixes:+--fixes "$fixes"} --out "$data/dump.json" 2>/dev/null
for s in $(echo "$sets" | tr ',' ' '); do
  npx tsx models/trials/table-finetune/score.ts ".cache/dumps/$fold-fold-feat.json" "$s" 0 | sed 's/^/fold:  /'
  npx tsx models/trials/table-finetune/score.ts "$data/dump.json" "$s" 0 | sed 's/^/tuned: /'
done
