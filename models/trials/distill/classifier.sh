#!/bin/sh
# A smaller classifier for a fold, trained on the fold's cached crops (cut behind the fold's own
# detector) with the fold's seed-1 classifier as its teacher, read behind the fold's own detector
# and scored by score.ts.
# Usage: [T=threads] sh models/trials/distill/classifier.sh FOLD NAME [train.py classifier options]
#   e.g. sh models/trials/distill/classifier.sh dice-3 Ckd --cls-filters 8,16,32,48,64 --cls-teacher .cache/loso-focus/dice-3-s1
set -eu
fold=$1; name=$2; shift 2
crops=".cache/dice-data-without-$fold"
data=".cache/dice-data-cdistill-$name-without-$fold"
out=".cache/loso-distill/$fold-$name"
mkdir -p "$out"
. models/linked-data.sh
linked_data "$crops" "$data" cls_x.bin cls_y.bin
. models/trials/distill/scored.sh
scored_classifier "$data" "$out" ".cache/loso-focus/$fold-s1" "$fold" --cls-epochs 3 "$@"
