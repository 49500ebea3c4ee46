import type { Text } from './contract.ts';
import { EngineError } from './errors.ts';

/** Why the rules refuse something: a stable code for programs, a reason for people. */
export interface Refusal {
  code: string;
  reason: Text;
}

export function illegal(reason: Text): never {
  throw new EngineError('illegal-move', reason);
}

export function refuse(r: Refusal): never {
  return illegal(r.reason);
}

/** A copy of `xs` with item `i` replaced: states are never mutated. */
export const setAt = <T>(xs: readonly T[], i: number, v: T): T[] => xs.map((x, j) => (j === i ? v : x));
