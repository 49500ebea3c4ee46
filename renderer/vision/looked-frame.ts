/**
 * What a camera worker checks of a frame it is sent to read for teaching, and what it says when
 * the reader fails on one: shared by the d6 worker (teach-worker.ts) and Miwin's (miwin-worker.ts),
 * with nothing of either reader in it.
 */
import type { Text } from '../../engine/core/text.ts';
import type { Frame } from '../../vision/types.ts';

const MAX_FRAME = 4096;

/** A looked-at frame as sent (a FrameMessage without its time), checked; null when it is none. */
export function frameOf(m: unknown): Frame | null {
  const f = m as { width?: unknown; height?: unknown; data?: unknown; time?: unknown } | null;
  const ok =
    !!f &&
    Number.isInteger(f.width) &&
    Number.isInteger(f.height) &&
    (f.width as number) > 0 &&
    (f.height as number) > 0 &&
    (f.width as number) <= MAX_FRAME &&
    (f.height as number) <= MAX_FRAME &&
    f.data instanceof ArrayBuffer &&
    f.data.byteLength === (f.width as number) * (f.height as number) * 4;
  return ok ? { width: f.width as number, height: f.height as number, data: new Uint8ClampedArray(f.data as ArrayBuffer), time: 0 } : null;
}

/** Why the reader failed on a frame, for the players (the game's reading and a roll to teach say it alike). */
export function unreadableFrame(e: unknown): Text {
  const message = e instanceof Error ? e.message : String(e);
  return { de: `Das Bild war nicht zu lesen: ${message}`, en: `The frame could not be read: ${message}` };
}
