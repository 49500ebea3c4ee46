#!/bin/sh
# A smaller detector for a fold, trained on the fold's cached tiles (models/loso.sh) with the fold's
# own detector as its teacher (or none), and read behind the fold's classifiers of seeds S (default
# 1 2 3: .cache/loso-focus/FOLD-sK, models/loso.sh and models/loso-classifier.sh with --seed K), each
# scored by score.ts. The fold's classifier learnt the teacher's boxes; this asks whether the
# student's boxes do for it.
# Usage: [S="1 2 3"] [T=threads] sh models/trials/distill/detector.sh FOLD NAME [train.py detector options]
#   e.g. sh models/trials/distill/detector.sh dice-3 Pkd --det-filters 8,16,24,24,24,24,24 --det-teacher .cache/loso-focus/dice-3-s1
set -eu
fold=$1; name=$2; shift 2
tiles=".cache/dice-data-without-$fold"
data=".cache/dice-data-distill-$name-without-$fold"
out=".cache/loso-distill/$fold-$name"
mkdir -p "$out"
. models/linked-data.sh
linked_data "$tiles" "$data" det_x.bin det.json
SCHIRI_TRAIN=detector /usr/bin/python3 models/train.py --data "$data" --threads "${T:-1}" --det-epochs 12 "$@"
npx tsx models/export.ts --data "$data" --out "$out" --nets detector
for s in ${S:-1 2 3}; do
  d="$out-s$s"
  mkdir -p "$d"
  cp "$out"/detector.* "$d"/
  cp ".cache/loso-focus/$fold-s$s"/classifier.* "$d"/
  npx tsx models/trials/distill/score.ts "$fold" "$d"
done
