#!/bin/sh
# Both networks smaller: the classifier's crops cut again behind a student detector of detector.sh
# (as `npm run train` cuts them behind its fresh detector), a classifier trained on them with the
# options given (a smaller one taught by the fold's seed-1 classifier), the pair scored by score.ts.
# Usage: [T=threads] sh models/trials/distill/pair.sh FOLD DETECTOR_NAME NAME [train.py classifier options]
#   e.g. sh models/trials/distill/pair.sh dice-3 Pkd PC --cls-filters 8,16,32,48,64 --cls-teacher .cache/loso-focus/dice-3-s1
set -eu
fold=$1; det=$2; name=$3; shift 3
. models/data-root.sh
data=".cache/dice-data-pair-$name-without-$fold"
out=".cache/loso-distill/$fold-$name"
mkdir -p "$out" "$data"
npx tsx models/make-data.ts --part classifier --data "$ROOT" --synth .cache/dice-synth,.cache/dice-synth-focus \
  --boards ".cache/board-frames-without-$fold" --out "$data" --leave-out "$fold" --detector ".cache/loso-distill/$fold-$det"
. models/trials/distill/scored.sh
scored_classifier "$data" "$out" ".cache/loso-distill/$fold-$det" "$fold" --cls-epochs 3 "$@"
