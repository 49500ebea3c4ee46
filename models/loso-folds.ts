/** Where each left-out source of the leave-one-set-out folds is scored: its test lists, or all of it where it has none. */
export const FOLD_SETS: Record<string, string> = {
  'nell-byler': 'nell-byler:test',
  'dice-3': 'dice-3:test,dice-3:valid',
  rune55: 'rune55:train',
};
