/**
 * Every IPC channel, with the validator of its arguments. The main process registers handlers
 * only through this table, so no message reaches a handler unchecked; the preload derives its
 * API from the same names. Validators are pure, so they are tested in Node.
 */
import { isRecordId } from '../../engine/core/record.ts';
import { LED_CHANNELS } from '../led/channels.ts';
import { LINK_CHANNELS } from '../link/trust.ts';
import { arity, IpcInputError } from './errors.ts';

export { IpcInputError };

const MAX_LINES_BYTES = 1 << 20;
function recordId(v: unknown): string {
  if (!isRecordId(v)) throw new IpcInputError('record id must be 1-64 of a-z, 0-9 and -, and no Windows device name (con, nul, com1, ...)');
  return v;
}

/** Complete JSON Lines: each line parses, the text ends with a newline, and it is not huge. */
function jsonLines(v: unknown): string {
  if (typeof v !== 'string') throw new IpcInputError('lines must be a string');
  // Bytes as written (UTF-8), not UTF-16 units: 1 MiB of '€' is 3 MiB on disk. No unit is less
  // than a byte, so a string longer than the limit is refused without counting.
  if (v.length > MAX_LINES_BYTES || Buffer.byteLength(v, 'utf8') > MAX_LINES_BYTES) throw new IpcInputError('lines are larger than 1 MiB');
  if (!v.endsWith('\n')) throw new IpcInputError('lines must end with a newline');
  for (const line of v.split('\n').slice(0, -1)) {
    try {
      JSON.parse(line);
    } catch {
      throw new IpcInputError('every line must be JSON');
    }
  }
  return v;
}

export const CHANNELS = {
  'records:read': (args: unknown[]) => (arity(args, 1), [recordId(args[0])] as const),
  'records:append': (args: unknown[]) => (arity(args, 2), [recordId(args[0]), jsonLines(args[1])] as const),
  'records:replace': (args: unknown[]) => (arity(args, 2), [recordId(args[0]), jsonLines(args[1])] as const),
  'records:remove': (args: unknown[]) => (arity(args, 1), [recordId(args[0])] as const),
  'records:keep': (args: unknown[]) => (arity(args, 1), [recordId(args[0])] as const),
  ...LED_CHANNELS,
  ...LINK_CHANNELS,
} satisfies Record<string, (args: unknown[]) => readonly unknown[]>;

export type Channel = keyof typeof CHANNELS;
export type ChannelArgs<C extends Channel> = ReturnType<(typeof CHANNELS)[C]>;
