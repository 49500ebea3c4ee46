/**
 * The camera panel's side of its worker (dice-worker.ts, miwin-worker.ts), apart from the DOM so
 * the unit tests run it in Node with a worker they answer by hand: frames one at a time, the
 * teaching dialog's looks and dice sets, each answer to whoever waits for it, and the stored dice
 * set handed to a worker that has just loaded its models. The link is ready (frames go, teaching
 * can start) only once that set was answered: taken, refused, or none stored.
 */
import type { Text } from '../../engine/core/text.ts';
import { withRaise } from './teach.ts';
import { noSet, type BoardMessage, type CornersMessage, type FrameMessage, type LookAnswer, type SetAnswer, type TeachMessage, type PositionMessage, type VerdictMessage, type WorkerMessage } from './protocol.ts';

/** What of a Worker the link uses; its answers come in through `CameraLink.receive`. */
export interface WorkerLike {
  postMessage(m: FrameMessage | BoardMessage | CornersMessage | VerdictMessage | PositionMessage | TeachMessage, transfer: ArrayBuffer[]): void;
  terminate(): void;
}

export type StepAnswer = Extract<WorkerMessage, { type: 'step' }>;
export type CornersAnswer = Extract<WorkerMessage, { type: 'corners' }>;

/** Where the dice set in use is kept (renderer/vision/dice-sets.ts for the panel). */
export interface StoredSet {
  /** The file text of the set in use, or null. */
  load(): Promise<string | null>;
  /** Keeps the set as the worker made it ready (taught again on new weights). */
  keep(text: string): Promise<void>;
}

export interface LinkEvents {
  /** The worker may read frames and be taught from now on. */
  ready(): void;
  failed(message: string): void;
  step(m: StepAnswer): void;
  corners(m: CornersAnswer): void;
  /** The worker reads with this set now (its name; null: none), with a note for the players, if any. */
  diceSet(name: string | null, note: Text | null): void;
}

const OFF: Text = { de: 'Die Kamera ist aus.', en: 'The camera is off.' };

export class CameraLink {
  #ready = false;
  #busy = false;
  #closed = false;
  readonly #looks: ((a: LookAnswer) => void)[] = [];
  readonly #sets: ((a: SetAnswer) => void)[] = [];

  constructor(
    private readonly worker: WorkerLike,
    private readonly stored: StoredSet,
    /** The name in a set's file text (parseDiceSet for the panel; the link itself parses nothing). */
    private readonly nameOf: (text: string) => string,
    private readonly on: LinkEvents,
  ) {}

  /** The worker has its models and reads with the set in use. */
  get ready(): boolean {
    return this.#ready;
  }

  /** A frame is with the worker and not answered yet. */
  get busy(): boolean {
    return this.#busy;
  }

  /** One frame to the worker at a time: a slow machine reads fewer frames, never a backlog. False when it was not sent. */
  frame(msg: FrameMessage): boolean {
    if (!this.#ready || this.#busy || this.#closed) return false;
    this.#busy = true;
    this.worker.postMessage(msg, [msg.data]);
    return true;
  }

  /** The board in play, corners clicked on it, or what the game made of the last reading. */
  post(m: BoardMessage | CornersMessage | VerdictMessage | PositionMessage): void {
    if (!this.#closed) this.worker.postMessage(m, []);
  }

  /** This picture read in the worker with the set in use, each die with its patch (the teaching dialog). */
  look(image: { width: number; height: number; data: Uint8ClampedArray }): Promise<LookAnswer> {
    if (this.#closed) return Promise.resolve({ type: 'look', dice: [], problem: OFF });
    const data = image.data.slice().buffer;
    const answer = new Promise<LookAnswer>((resolve) => this.#looks.push(resolve));
    this.worker.postMessage({ look: { width: image.width, height: image.height, data } }, [data]);
    return answer;
  }

  /** The worker reads with this dice set (its file text; null: none) from now on. */
  async use(text: string | null): Promise<SetAnswer> {
    if (this.#closed) return noSet(OFF);
    const answer = new Promise<SetAnswer>((resolve) => this.#sets.push(resolve));
    this.worker.postMessage({ diceSet: text }, []);
    const a = await answer;
    if (!a.problem) this.on.diceSet(a.text ? this.nameOf(a.text) : null, null);
    return a;
  }

  /** Ends the worker; whoever still waits for an answer is told the camera is off. */
  close(): void {
    this.#closed = true;
    this.#ready = false;
    this.worker.terminate();
    this.#looks.splice(0).forEach((r) => r({ type: 'look', dice: [], problem: OFF }));
    this.#sets.splice(0).forEach((r) => r(noSet(OFF)));
  }

  /**
   * The set in use, handed to a worker that has just started. A set taught on other reader
   * weights comes back taught again; it is kept so, and the players are told. A set that raises
   * the die bar is cautioned again: the table it was taught on may not be the one in view today.
   */
  async #useStored(): Promise<void> {
    const text = await this.stored.load();
    if (text === null || this.#closed) return;
    const a = await this.use(text);
    if (a.problem) {
      this.on.diceSet(null, { de: `Der Würfelsatz wird nicht verwendet: ${a.problem.de}`, en: `The dice set is not used: ${a.problem.en}` });
      return;
    }
    if (a.text && a.text !== text) await this.stored.keep(a.text);
    if (!a.text || !(a.retaught || a.raised)) return;
    const name = this.nameOf(a.text);
    const retaught: Text = { de: `Der Würfelleser ist neu; „${name}“ wurde ihm neu angelernt.`, en: `The dice reader is new; "${name}" was taught to it again.` };
    this.on.diceSet(name, withRaise(a.retaught ? [retaught] : [], a.raised));
  }

  /** An answer of the worker. */
  receive(m: WorkerMessage): void {
    if (this.#closed) return;
    if (m.type === 'failed') return this.on.failed(m.message);
    if (m.type === 'ready') {
      // Frames wait for the stored set: the worker reads with the set it has when a frame comes,
      // so a frame sent before the set is taught (seconds) would be read without it.
      void this.#useStored()
        .catch((e: unknown) => this.on.diceSet(null, { de: `Der Würfelsatz ließ sich nicht laden: ${String(e)}`, en: `The dice set could not be loaded: ${String(e)}` }))
        .finally(() => {
          if (this.#closed) return;
          this.#ready = true;
          this.on.ready();
        });
      return;
    }
    if (m.type === 'look') return this.#looks.shift()?.(m);
    if (m.type === 'dice-set') return this.#sets.shift()?.(m);
    if (m.type === 'corners') return this.on.corners(m);
    this.#busy = false;
    this.on.step(m);
  }
}
