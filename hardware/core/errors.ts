import type { Text } from './text.ts';

export type HardwareErrorCode = 'bad-layout' | 'bad-color' | 'bad-config' | 'unknown-field' | 'unknown-layout';

/** Errors the user can act on: `text` names the cause in German and English. */
export class HardwareError extends Error {
  readonly code: HardwareErrorCode;
  readonly text: Text;
  constructor(code: HardwareErrorCode, text: Text | string) {
    const t = typeof text === 'string' ? { de: text, en: text } : text;
    super(t.en);
    this.name = 'HardwareError';
    this.code = code;
    this.text = t;
  }
}
