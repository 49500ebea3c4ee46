import { UserError } from './text.ts';

export type EngineErrorCode =
  | 'illegal-move'
  | 'bad-state'
  | 'bad-move'
  | 'bad-observation'
  /** A message between a screen and its worker that is not of the agreed shape. */
  | 'bad-message'
  | 'bad-options'
  | 'game-over'
  | 'unsupported';

/** The one error type the engine throws; `code` is stable for programs, `text` is for people. */
export class EngineError extends UserError<EngineErrorCode> {
  override name = 'EngineError';
}

export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError;
}
