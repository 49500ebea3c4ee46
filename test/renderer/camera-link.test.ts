/**
 * The camera panel's side of its worker (renderer/vision/camera-link.ts), with a worker the test
 * answers by hand and a store that answers when the test says: the stored dice set reaches the
 * worker before any frame is read, so no reading after a start or a reload is made without it.
 */
import { describe, expect, it } from 'vitest';
import { CameraLink, type LinkEvents, type WorkerLike } from '../../renderer/vision/camera-link.ts';
import type { FrameMessage, SetAnswer, WorkerMessage } from '../../renderer/vision/protocol.ts';
import { RAISED_TEXT } from '../../renderer/vision/teach.ts';

class FakeWorker implements WorkerLike {
  link: CameraLink | null = null;
  /** What the panel sent, in order: 'frame', 'diceSet', 'look', 'board', 'corners'. */
  sent: string[] = [];
  ended = false;
  postMessage(m: object) {
    this.sent.push('look' in m ? 'look' : 'diceSet' in m ? 'diceSet' : 'board' in m ? 'board' : 'corners' in m ? 'corners' : 'frame');
  }
  terminate() {
    this.ended = true;
  }
  say(m: WorkerMessage) {
    this.link?.receive(m);
  }
}

/** A promise the test resolves when it wants. */
function later<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const frame = (): FrameMessage => ({ width: 2, height: 2, data: new ArrayBuffer(16), time: 0 });
const taken = (text: string, more: Partial<SetAnswer> = {}): SetAnswer => ({ type: 'dice-set', text, retaught: false, raised: false, problem: null, ms: 5, ...more });

function link(stored: Promise<string | null>) {
  const worker = new FakeWorker();
  const seen = { ready: 0, sets: [] as [string | null, string | null][], kept: [] as string[] };
  const on: LinkEvents = {
    ready: () => void seen.ready++,
    failed: () => {},
    step: () => {},
    corners: () => {},
    diceSet: (name, note) => void seen.sets.push([name, note?.de ?? null]),
  };
  const l = new CameraLink(worker, { load: () => stored, keep: async (t) => void seen.kept.push(t) }, (t) => `Satz ${t}`, on);
  worker.link = l;
  return { l, worker, seen };
}

describe('the camera link', () => {
  it('sends no frame before the stored dice set has reached the worker and been answered', async () => {
    const store = later<string | null>();
    const { l, worker, seen } = link(store.promise);
    worker.say({ type: 'ready' });
    // The models are in, the store not yet read: a frame now would be read without the set.
    expect(l.frame(frame())).toBe(false);
    expect(l.ready).toBe(false);
    store.resolve('A');
    await flush();
    expect(worker.sent).toEqual(['diceSet']);
    // Sent, not yet taught (teaching takes seconds in the worker): still no frame.
    expect(l.frame(frame())).toBe(false);
    expect(seen.ready).toBe(0);
    worker.say(taken('A'));
    await flush();
    expect(seen.ready).toBe(1);
    expect(seen.sets).toEqual([['Satz A', null]]);
    expect(l.frame(frame())).toBe(true);
    expect(worker.sent).toEqual(['diceSet', 'frame']);
    // One frame at a time.
    expect(l.frame(frame())).toBe(false);
    worker.say({ type: 'step', moving: true, stillForMs: 0, observation: null });
    expect(l.frame(frame())).toBe(true);
  });

  it('reads at once where no set is stored, and reads without one the worker refused, saying why', async () => {
    const none = link(Promise.resolve(null));
    none.worker.say({ type: 'ready' });
    await flush();
    expect(none.l.frame(frame())).toBe(true);
    expect(none.worker.sent).toEqual(['frame']);

    const refused = link(Promise.resolve('B'));
    refused.worker.say({ type: 'ready' });
    await flush();
    refused.worker.say({ type: 'dice-set', text: null, retaught: false, raised: false, problem: { de: 'kaputt', en: 'broken' }, ms: 0 });
    await flush();
    expect(refused.l.frame(frame())).toBe(true);
    expect(refused.seen.sets).toEqual([[null, 'Der Würfelsatz wird nicht verwendet: kaputt']]);
  });

  it('reads without a set when the store cannot be read, saying why', async () => {
    const { l, worker, seen } = link(Promise.reject(new Error('Datenträger weg')));
    worker.say({ type: 'ready' });
    await flush();
    expect(l.frame(frame())).toBe(true);
    expect(seen.sets).toEqual([[null, 'Der Würfelsatz ließ sich nicht laden: Error: Datenträger weg']]);
  });

  it('keeps a set the worker taught again on new weights, and says so, before reading', async () => {
    const { l, worker, seen } = link(Promise.resolve('C'));
    worker.say({ type: 'ready' });
    await flush();
    worker.say(taken('C2', { retaught: true }));
    await flush();
    expect(seen.kept).toEqual(['C2']);
    expect(seen.sets.at(-1)).toEqual(['Satz C2', 'Der Würfelleser ist neu; „Satz C2“ wurde ihm neu angelernt.']);
    expect(l.frame(frame())).toBe(true);
  });

  it('cautions again, at the start, about a set in use that raises the die bar', async () => {
    const { worker, seen } = link(Promise.resolve('C'));
    worker.say({ type: 'ready' });
    await flush();
    worker.say(taken('C', { raised: true }));
    await flush();
    expect(seen.sets.at(-1)).toEqual(['Satz C', RAISED_TEXT.de]);
    const both = link(Promise.resolve('C'));
    both.worker.say({ type: 'ready' });
    await flush();
    both.worker.say(taken('C2', { retaught: true, raised: true }));
    await flush();
    expect(both.seen.sets.at(-1)).toEqual(['Satz C2', `Der Würfelleser ist neu; „Satz C2“ wurde ihm neu angelernt. ${RAISED_TEXT.de}`]);
  });

  it('tells whoever waits that the camera is off when it stops, and stays shut', async () => {
    const store = later<string | null>();
    const { l, worker, seen } = link(store.promise);
    worker.say({ type: 'ready' });
    const looked = l.look({ width: 1, height: 1, data: new Uint8ClampedArray(4) });
    l.close();
    await expect(looked).resolves.toMatchObject({ problem: { en: 'The camera is off.' } });
    store.resolve('D');
    await flush();
    expect(worker.ended).toBe(true);
    expect(worker.sent).toEqual(['look']);
    expect(seen.ready).toBe(0);
    expect(l.frame(frame())).toBe(false);
  });
});
