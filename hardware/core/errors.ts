import { UserError } from '../../engine/core/text.ts';

export type HardwareErrorCode = 'bad-layout' | 'bad-color' | 'bad-config' | 'unknown-field' | 'unknown-layout' | 'path-taken';

/** Errors the user can act on: `text` names the cause in German and English. */
export class HardwareError extends UserError<HardwareErrorCode> {
  override name = 'HardwareError';
}
