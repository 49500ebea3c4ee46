import { describe, expect, it } from 'vitest';
import { StillSpell } from '../../renderer/games/himmel-und-hoelle/still-spell.ts';
import type { CameraStep } from '../../renderer/vision/protocol.ts';

/**
 * Frames every 100 ms, as the camera panel grabs them: still ones carry the worker's `stillForMs`.
 * `covered`: the first is the settled frame whose board could not be read, the rest still frames
 * the worker does not read again.
 */
function frames(spell: StillSpell, from: number, ms: number, kind: 'still' | 'moving' | 'covered' = 'still'): { ended: number | null; next: number } {
  let ended: number | null = null;
  let t = from;
  for (let k = 0; k < ms / 100; k++, t += 100) {
    const s: CameraStep = kind === 'moving' ? { moving: true, stillForMs: 0, seen: true } : { moving: false, stillForMs: t, seen: kind === 'still' || k > 0 };
    if (spell.step(s) && ended === null) ended = t;
  }
  return { ended, next: t };
}

describe('the still count on the camera: StillSpell', () => {
  it('ends after 10 s of still frames, counted from the first frame after it began', () => {
    const spell = new StillSpell(10_000);
    // The board had lain still 3 s when the spell began: those do not count.
    expect(frames(spell, 3_000, 10_000).ended).toBeNull();
    expect(frames(spell, 13_000, 1_000).ended).toBe(13_000);
  });

  it('a hand over the board (moving frames) stops the count; still frames after it do not end the turn', () => {
    const spell = new StillSpell(10_000);
    expect(frames(spell, 0, 6_000).ended).toBeNull();
    frames(spell, 0, 8_000, 'moving');
    // The picture is still again, but until the board is read and judged again (a new spell)
    // nothing counts: the hand may have moved a die.
    expect(frames(spell, 0, 30_000).ended).toBeNull();
  });

  it('a settled frame whose board could not be read (a hand resting over the corners) stops the count', () => {
    const spell = new StillSpell(10_000);
    expect(frames(spell, 0, 5_000).ended).toBeNull();
    expect(frames(spell, 5_000, 30_000, 'covered').ended).toBeNull();
  });
});
