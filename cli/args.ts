import type { Text } from '../engine/core/contract.ts';

/** Runs node:util's parseArgs so that a bad flag is a UsageError, not a crash. */
export function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    const m = (e as Error).message;
    throw new UsageError({ de: `Falsche Option: ${m}`, en: `bad option: ${m}` });
  }
}

export function oneOf<T extends string>(value: string | undefined, name: string, values: readonly T[], fallback?: T): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (!values.includes(value as T)) {
    const list = values.join('|');
    throw new UsageError({ de: `--${name} muss ${list} sein`, en: `--${name} must be ${list}` });
  }
  return value as T;
}

/** A user-facing error on stderr, German first. */
export function printError(command: string, text: Text): void {
  console.error(`schiri ${command}: ${text.de}`);
  if (text.en !== text.de) console.error(`schiri ${command}: ${text.en}`);
}

/** What to print about anything thrown (engine/core/text.ts `errorText`). */
export { errorText as textOf } from '../engine/core/text.ts';

/** A bad flag or value: the command prints it and exits with 2. */
export class UsageError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
  }
}

export function intOption(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError({
      de: `--${name} muss eine ganze Zahl von ${min} bis ${max} sein`,
      en: `--${name} must be a whole number from ${min} to ${max}`,
    });
  }
  return n;
}
