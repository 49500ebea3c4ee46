#!/bin/sh
# The fold classifier fine-tuned on the first N taught dice of a set (crops.ts), then the tuned
# reader's candidates on the set scored on the photos after the taught ones, beside the fold's own
# (models/trials/table-finetune/README.md, "A head on the classifier's features, and the classifier fine-tuned per table").
# Usage: sh models/trials/table-finetune/run.sh FOLD SET N LR EPOCHS [MIX] [LABEL_FIXES]
#   MIX: that many random crops of the fold's training data beside the taught ones (0: none).
#   Needs .cache/loso/FOLD (models/loso.sh) and .cache/dumps/FOLD-fold-feat.json (candidate-dump.ts --features).
set -eu
fold=$1; set=$2; n=$3; lr=$4; epochs=$5; mix=${6:-0}; fixes=${7:-}
name="$fold-$(echo "$set" | tr ':' '-')-n$n-lr$lr-e$epochs-mix$mix"
data=".cache/table-finetune/$name"
. models/trials/table-finetune/tune.sh
last=$(npx tsx models/trials/table-finetune/crops.ts ".cache/dumps/$fold-fold-feat.json" "$set" "$n" "$data" $fixes)
[ "$mix" -gt 0 ] && /usr/bin/python3 models/trials/table-finetune/mix.py "$data" ".cache/dice-data-without-$fold" "$mix"
tune "$fold" "$data" "$epochs" "$lr" 1
npx tsx models/trials/replay/candidate-dump.ts --models "$data/reader" --sets "$set" ${fixes:+--fixes "$fixes"} --out "$data/dump.json" 2>/dev/null
npx tsx models/trials/table-finetune/score.ts ".cache/dumps/$fold-fold-feat.json" "$set" $((last + 1)) | sed 's/^/fold:  /'
npx tsx models/trials/table-finetune/score.ts "$data/dump.json" "$set" $((last + 1)) | sed 's/^/tuned: /'
