# Sourced by trial scripts (from the project root): linked_data SRC DST FILE... makes DST a data
# folder for models/train.py that reads SRC's big cached files without copying or writing them
# (each FILE linked) and has its own nets.json (models/make-data.ts writes that file again).
linked_data() {
  src=$1; dst=$2; shift 2
  mkdir -p "$dst"
  for f in "$@"; do ln -sf "$(realpath "$src/$f")" "$dst/$f"; done
  cp "$src/nets.json" "$dst/nets.json"
}
