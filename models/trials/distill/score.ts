/**
 * Scores a reader of a leave-one-set-out fold on the fold's left-out lists as the distillation trial
 * compares them (models/trials/distill/README.md, "Smaller networks taught by the larger ones"): models/loso-table.ts's
 * scoring (the fold's lists and label fixes, the reader's die bar) without the blob counter.
 * Usage: npx tsx models/trials/distill/score.ts FOLD MODELS_DIR [OUT_FILE]   (default MODELS_DIR/eval.json)
 */
import { writeFileSync } from 'node:fs';
import { evalFold } from '../../loso-folds.ts';

const [fold, dir, out] = process.argv.slice(2);
if (!fold || !dir) throw new Error('usage: npx tsx models/trials/distill/score.ts FOLD MODELS_DIR [OUT_FILE]');
writeFileSync(out ?? `${dir}/eval.json`, evalFold(fold, dir, ['--skip-baseline']));
