# Sourced by classifier.sh, pair.sh and tune.sh (from the project root): scored_classifier DATA OUT
# DETECTOR_DIR FOLD [train.py classifier options] trains a classifier on DATA's crops (with the
# printed-table negatives of npm run train), exports it to OUT beside the detector of DETECTOR_DIR,
# and scores the pair on the fold's lists (score.ts).
scored_classifier() {
  data=$1; out=$2; detector=$3; fold=$4; shift 4
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$data" --threads "${T:-1}" --negatives 0.12 "$@"
  npx tsx models/export.ts --data "$data" --out "$out" --nets classifier
  cp "$detector"/detector.* "$out"/
  npx tsx models/trials/distill/score.ts "$fold" "$out"
}
