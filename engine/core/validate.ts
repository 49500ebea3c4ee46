import { EngineError, type EngineErrorCode } from './errors.ts';

/**
 * Tiny checkers for JSON that comes from outside (the protocol, a record file, IPC). Each throws
 * an EngineError naming the path at fault, so a bad line gets a precise answer, never a crash.
 */
export class Check {
  constructor(
    private readonly code: EngineErrorCode,
    private readonly path = '',
  ) {}

  at(key: string | number): Check {
    return new Check(this.code, this.path ? `${this.path}.${key}` : String(key));
  }

  fail(what: string): never {
    throw new EngineError(this.code, `${this.path || 'value'}: ${what}`);
  }

  object(v: unknown): Record<string, unknown> {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail('must be an object');
    return v as Record<string, unknown>;
  }

  array(v: unknown): unknown[] {
    if (!Array.isArray(v)) this.fail('must be an array');
    return v;
  }

  /** Without bounds of its own, a whole number still stays exact (±2^53): 1e300 is no count. */
  int(v: unknown, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
    if (!Number.isInteger(v)) this.fail('must be a whole number');
    const n = v as number;
    if (n < min || n > max) this.fail(`must be from ${min} to ${max}`);
    return n;
  }

  bool(v: unknown): boolean {
    if (typeof v !== 'boolean') this.fail('must be true or false');
    return v;
  }

  string(v: unknown): string {
    if (typeof v !== 'string') this.fail('must be a string');
    return v;
  }

  oneOf<T extends string | number>(v: unknown, values: readonly T[]): T {
    if (!values.includes(v as T)) this.fail(`must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
    return v as T;
  }

  /** Exactly these keys, no more: a state with stray keys is not one of ours. */
  keys(o: Record<string, unknown>, allowed: readonly string[]): void {
    for (const k of Object.keys(o)) if (!allowed.includes(k)) this.at(k).fail('is not expected here');
  }
}
