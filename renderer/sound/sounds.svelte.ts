/**
 * Short cues for the table, made with WebAudio (no sound files to ship): an illegal move, the
 * turn passing, a row or colour scored. Off until the players switch them on; the choice is kept.
 */
export type Cue = 'illegal' | 'turn' | 'scored';

const STORAGE_KEY = 'schiri.sound';

function initial(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export const sound = $state({ on: initial() });

export function setSound(on: boolean): void {
  sound.on = on;
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Not saved: the choice still holds for this session.
  }
  if (on) cue('turn');
}

/** Notes of each cue: frequency (Hz), start and length (s). */
const NOTES: Record<Cue, { f: number; at: number; len: number; wave: OscillatorType }[]> = {
  illegal: [
    { f: 196, at: 0, len: 0.16, wave: 'square' },
    { f: 147, at: 0.16, len: 0.22, wave: 'square' },
  ],
  turn: [
    { f: 660, at: 0, len: 0.12, wave: 'sine' },
    { f: 880, at: 0.12, len: 0.18, wave: 'sine' },
  ],
  scored: [
    { f: 523, at: 0, len: 0.1, wave: 'triangle' },
    { f: 659, at: 0.1, len: 0.1, wave: 'triangle' },
    { f: 784, at: 0.2, len: 0.22, wave: 'triangle' },
  ],
};

let ctx: AudioContext | null = null;
/** What was played last, for tests and for the screen to show: the cue and when. */
export const lastCue = $state<{ cue: Cue | null; n: number }>({ cue: null, n: 0 });

export function cue(c: Cue): void {
  if (!sound.on) return;
  lastCue.cue = c;
  lastCue.n++;
  try {
    ctx ??= new AudioContext();
    const now = ctx.currentTime;
    for (const n of NOTES[c]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = n.wave;
      osc.frequency.value = n.f;
      // A short fade in and out: no click at the ends of a note.
      gain.gain.setValueAtTime(0, now + n.at);
      gain.gain.linearRampToValueAtTime(0.15, now + n.at + 0.02);
      gain.gain.linearRampToValueAtTime(0, now + n.at + n.len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + n.at);
      osc.stop(now + n.at + n.len + 0.02);
    }
  } catch {
    // No audio device: the cue is a nicety, the screen says everything too.
  }
}
