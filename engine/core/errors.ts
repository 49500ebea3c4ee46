import type { Text } from './contract.ts';

export type EngineErrorCode =
  | 'illegal-move'
  | 'bad-state'
  | 'bad-move'
  | 'bad-observation'
  | 'bad-options'
  | 'game-over'
  | 'unsupported';

/** The one error type the engine throws; `code` is stable for programs, `text` is for people. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly text: Text;
  constructor(code: EngineErrorCode, text: Text | string) {
    const t = typeof text === 'string' ? { de: text, en: text } : text;
    super(t.en);
    this.name = 'EngineError';
    this.code = code;
    this.text = t;
  }
}

export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError;
}
