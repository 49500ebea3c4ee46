# Sourced by the training scripts (from the project root): ROOT, the folder of the dice data sets.
# SCHIRI_DICE_ROOT wins; else ../shared/data/dice beside the project, or one level further up for a
# git worktree one level deeper.
ROOT="${SCHIRI_DICE_ROOT:-../shared/data/dice}"
[ -d "$ROOT" ] || [ -n "${SCHIRI_DICE_ROOT:-}" ] || ROOT=../../shared/data/dice
