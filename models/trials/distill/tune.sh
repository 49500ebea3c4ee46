#!/bin/sh
# The fold's own classifier of seed SEED kept at its width and fine-tuned on the crops pair.sh cut
# behind a student detector (run PAIR), then read behind that detector: the detector's speed
# without the smaller classifier's loss, if the classifier only needs the new boxes.
# Usage: [T=threads] sh models/trials/distill/tune.sh FOLD DETECTOR_NAME PAIR NAME SEED [train.py classifier options]
#   e.g. sh models/trials/distill/tune.sh dice-3 Pkd PC Ptune 1 --cls-epochs 1 --cls-max-lr 5e-4
set -eu
fold=$1; det=$2; pair=$3; name=$4; seed=$5; shift 5
crops=".cache/dice-data-pair-$pair-without-$fold"
data=".cache/dice-data-tune-$name-s$seed-without-$fold"
out=".cache/loso-distill/$fold-$name-s$seed"
mkdir -p "$out"
. models/linked-data.sh
linked_data "$crops" "$data" cls_x.bin cls_y.bin
. models/trials/distill/scored.sh
scored_classifier "$data" "$out" ".cache/loso-distill/$fold-$det" "$fold" --cls-init ".cache/loso-focus/$fold-s$seed" --seed "$seed" "$@"
