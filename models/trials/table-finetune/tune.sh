# Sourced by run.sh and run-pseudo.sh: the fold classifier fine-tuned on the crops in $data and
# exported with the fold's detector to $data/reader.
# tune FOLD DATA EPOCHS LR THREADS
tune() {
  init="$2/init"
  mkdir -p "$init" "$2/reader"
  # The fold's exported classifier as train.py's --cls-init: the same float32 weights in the same order.
  cp ".cache/loso/$1/classifier.weights.bin" "$init/classifier.weights.f32"
  node -e "const m=JSON.parse(require('fs').readFileSync('.cache/loso/$1/classifier.json','utf8'));console.log(JSON.stringify(m.weightsManifest[0].weights.map((w)=>w.shape)))" > "$init/classifier.shapes.json"
  SCHIRI_TRAIN=classifier /usr/bin/python3 models/train.py --data "$2" --threads "$5" --cls-epochs "$3" --cls-max-lr "$4" \
    --cls-init "$init" --negatives 0 > "$2/train.log" 2>&1
  npx tsx models/export.ts --data "$2" --out "$2/reader" --nets classifier > /dev/null
  cp ".cache/loso/$1/detector.json" ".cache/loso/$1/detector.weights.bin" "$2/reader/"
}
