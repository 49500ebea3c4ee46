import { EngineError, type EngineErrorCode } from './errors.ts';
import { say, type Text } from './text.ts';

/**
 * Tiny checkers for JSON that comes from outside (the protocol, a record file, IPC). Each throws
 * an EngineError naming the path at fault, in German and English, so a bad line gets a precise
 * answer, never a crash. The path is the JSON's own keys (`dice.III`, `turn.hand.2`), the same in
 * both languages.
 */
export class Check {
  constructor(
    private readonly code: EngineErrorCode,
    private readonly path = '',
  ) {}

  at(key: string | number): Check {
    return new Check(this.code, this.path ? `${this.path}.${key}` : String(key));
  }

  /** Fails with `what` in both languages; a plain string is kept for callers not yet translated. */
  fail(what: Text | string): never {
    const w = typeof what === 'string' ? { de: what, en: what } : what;
    throw new EngineError(this.code, say({ de: `${this.path || 'Wert'}: `, en: `${this.path || 'value'}: ` }, w));
  }

  object(v: unknown): Record<string, unknown> {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail({ de: 'muss ein Objekt sein', en: 'must be an object' });
    return v as Record<string, unknown>;
  }

  array(v: unknown): unknown[] {
    if (!Array.isArray(v)) this.fail({ de: 'muss eine Liste sein', en: 'must be an array' });
    return v;
  }

  /** Without bounds of its own, a whole number still stays exact (±2^53): 1e300 is no count. */
  int(v: unknown, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
    const huge = hugeNumber(v);
    if (huge) this.fail(huge);
    if (!Number.isInteger(v)) this.fail({ de: 'muss eine ganze Zahl sein', en: 'must be a whole number' });
    const n = v as number;
    if (n < min || n > max) {
      this.fail(
        max === Number.MAX_SAFE_INTEGER
          ? { de: `muss mindestens ${min} sein`, en: `must be at least ${min}` }
          : min === -Number.MAX_SAFE_INTEGER
            ? { de: `darf höchstens ${max} sein`, en: `must be at most ${max}` }
            : { de: `muss von ${min} bis ${max} gehen`, en: `must be from ${min} to ${max}` },
      );
    }
    return n;
  }

  bool(v: unknown): boolean {
    if (typeof v !== 'boolean') this.fail({ de: 'muss true oder false sein', en: 'must be true or false' });
    return v;
  }

  string(v: unknown): string {
    if (typeof v !== 'string') this.fail({ de: 'muss ein Text sein', en: 'must be a string' });
    return v;
  }

  oneOf<T extends string | number>(v: unknown, values: readonly T[]): T {
    if (!values.includes(v as T)) {
      const list = values.map((x) => JSON.stringify(x)).join(', ');
      this.fail({ de: `muss eines von ${list} sein`, en: `must be one of ${list}` });
    }
    return v as T;
  }

  /** Exactly these keys, no more: a state with stray keys is not one of ours. */
  keys(o: Record<string, unknown>, allowed: readonly string[]): void {
    for (const k of Object.keys(o)) if (!allowed.includes(k)) this.at(k).fail({ de: 'gehört hier nicht hin', en: 'is not expected here' });
  }
}

/**
 * What is wrong with a number too large to be taken at its word, or null: JSON reads 1e309 as
 * infinity, and past ±2^53 it rounds (9007199254740993 arrives as ...992), so "must be at least 0"
 * or "not null" would name the wrong fault. Every parser's `int` and the options say this first.
 */
export function hugeNumber(v: unknown): Text | null {
  if (typeof v !== 'number' || Number.isNaN(v)) return null;
  if (!Number.isFinite(v)) return { de: 'ist zu groß: so große Zahlen (etwa 1e309) liest JSON als unendlich', en: 'is too large: JSON reads numbers this large (such as 1e309) as infinite' };
  if (Number.isInteger(v) && !Number.isSafeInteger(v)) {
    return { de: 'ist zu groß: über ±9007199254740991 (2^53 − 1) zählt JSON nicht mehr genau', en: 'is too large: beyond ±9007199254740991 (2^53 − 1) JSON numbers are no longer exact' };
  }
  return null;
}
