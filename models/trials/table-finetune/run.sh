#!/bin/sh
# The fold classifier fine-tuned on the first N taught dice of a set (crops.ts), then the tuned
# reader's candidates on the set scored on the photos after the taught ones, beside the fold's own
# (models/README.md, "A head on the classifier's features, and the classifier fine-tuned per table").
# Usage: sh models/trials/table-finetune/run.sh FOLD SET N LR EPOCHS [MIX] [LABEL_FIXES]
#   MIX: that many random crops of the fold's training data beside the taught ones (0: none).
#   Needs .cache/loso/FOLD (models/loso.sh) and .cache/dumps/FOLD-fold-feat.json (candidate-dump.ts --features).
set -eu
fold=$1; set=$2; n=$3; lr=$4; epochs=$5; mix=${6:-0}; fixes=${7:-}
name="$fold-$(echo "$set" | tr ':' '-')-n$n-lr$lr-e$epochs-mix$mix"
data=".cache/table-finetune/$name"; models="$data/reader"; init="$data/init"
mkdir -p "$models" "$init"
# The fold's exported classifier as train.py's --cls-init (the same float32 weights in the same order).
cp ".cache/loso/$fold/classifier.weights.bin" "$init/classifier.weights.f32"
node -e "const m=JSON.parse(require('fs').readFileSync('.cache/loso/$fold/classifier.json','utf8'));console.log(JSON.stringify(m.weightsManifest[0].weights.map((w)=>w.shape)))" > "$init/classifier.shapes.json"
last=$(npx tsx models/trials/table-finetune/crops.ts ".cache/dumps/$fold-fold-feat.json" "$set" "$n" "$data" $fixes)
[ "$mix" -gt 0 ] && /usr/bin/python3 models/trials/table-finetune/mix.py "$data" ".cache/dice-data-without-$fold" "$mix"
SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$data" --threads 1 --cls-epochs "$epochs" --cls-max-lr "$lr" \
  --cls-init "$init" --negatives 0 > "$data/train.log" 2>&1
npx tsx models/export.ts --data "$data" --out "$models" --nets classifier > /dev/null
cp ".cache/loso/$fold/detector.json" ".cache/loso/$fold/detector.weights.bin" "$models/"
npx tsx scripts/candidate-dump.ts --models "$models" --sets "$set" ${fixes:+--fixes "$fixes"} --out "$data/dump.json" 2>/dev/null
npx tsx models/trials/table-finetune/score.ts ".cache/dumps/$fold-fold-feat.json" "$set" $((last + 1)) | sed 's/^/fold:  /'
npx tsx models/trials/table-finetune/score.ts "$data/dump.json" "$set" $((last + 1)) | sed 's/^/tuned: /'
