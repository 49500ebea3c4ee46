import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { SetScore } from '../cli/lib/score.ts';

/** Where each left-out source of the leave-one-set-out folds is scored: its test lists, or all of it where it has none. */
export const FOLD_SETS: Record<string, string> = {
  'nell-byler': 'nell-byler:test',
  'dice-3': 'dice-3:test,dice-3:valid',
  rune55: 'rune55:train',
};

/**
 * The label fixes each fold is scored with, as everywhere else: nell-byler's two mislabelled photos
 * with their checked labels, dice-3's photos whose labels list none of their dice left out.
 */
export const FOLD_FIXES: Record<string, string | undefined> = {
  'nell-byler': 'models/nell-byler-label-fixes.json',
  'dice-3': 'models/dice-3-label-fixes.json',
};

/** `schiri eval --json` of the reader in `models` on the fold's lists with its label fixes (`more`: further eval options): what it prints. */
export function evalFold(fold: string, models: string, more: string[] = []): string {
  const sets = FOLD_SETS[fold];
  if (!sets) throw new Error(`a fold: one of ${Object.keys(FOLD_SETS).join(', ')}, not ${fold}`);
  const fixes = FOLD_FIXES[fold] ? ['--fixes', FOLD_FIXES[fold]!] : [];
  return execFileSync(process.execPath, ['bin/schiri.js', 'eval', '--sets', sets, '--models', models, '--json', ...fixes, ...more], { encoding: 'utf8', maxBuffer: 1 << 26 });
}

/** A set's figures as `schiri eval --json` writes them: the reader's, and the blob counter's unless skipped. */
export interface EvalSet {
  name: string;
  reader: SetScore;
  baseline?: SetScore;
}

/** The sets of an `eval --json` file evalFold's output was written to, or null where none was written. */
export function evalSets(file: string): EvalSet[] | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { sets: EvalSet[] }).sets : null;
}
