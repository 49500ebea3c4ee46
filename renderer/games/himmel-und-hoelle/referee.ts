/**
 * The duel's camera referee off the screen's thread: each settled board goes to a worker
 * (referee-worker.ts) that runs `explain`, and the verdict comes back when it is ready. The latest
 * settled board wins: a board that settles while the worker still thinks about an older one stops
 * that (the worker is ended and a new one started), so nothing queues up behind a slow search and
 * no stale verdict arrives after a newer board. The same board asked again is not searched again.
 * Pure of the DOM (a worker is anything with postMessage and terminate), so a unit test drives it.
 */
import { errorText, type Text } from '../../../engine/core/text.ts';
import type { TableVerdict } from '../../../engine/himmel-und-hoelle/explain-table.ts';
import type { HuhObservation } from '../../../engine/himmel-und-hoelle/parse.ts';
import { diceKey, type HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import { parseAnswer, type RefereeRequest } from './referee-messages.ts';

export interface WorkerLike {
  postMessage(m: RefereeRequest): void;
  terminate(): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: unknown) => void) | null;
}

export interface Verdict {
  /** The state the board was judged against: the screen takes the verdict only if it still stands. */
  state: HuhState;
  observed: HuhObservation;
  verdict: TableVerdict;
}

export interface RefereeEvents {
  verdict(v: Verdict): void;
  /** True once a judgement has taken longer than `thinkingAfterMs`; false when it ends (or stops). */
  thinking(on: boolean): void;
  /** The worker failed or answered nonsense: what to tell the player. */
  failed(why: Text): void;
}

/** Shorter judgements (most take a few ms) show no "thinking", which would only flicker. */
const THINKING_AFTER_MS = 250;

const boardKey = (o: HuhObservation) => diceKey(o.dice) + JSON.stringify(o.battles ?? null);

export class Referee {
  private worker: WorkerLike | null = null;
  private running: { id: number; state: HuhState; key: string; observed: HuhObservation } | null = null;
  private last: { state: HuhState; key: string } | null = null;
  private nextId = 1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private thinking = false;

  constructor(
    private readonly open: () => WorkerLike,
    private readonly on: RefereeEvents,
    private readonly thinkingAfterMs = THINKING_AFTER_MS,
  ) {}

  /** Judge `observed` against `state` (`reopen`: see RefereeRequest); the verdict comes through `on.verdict`. */
  ask(state: HuhState, observed: HuhObservation, reopen?: HuhState): void {
    const key = boardKey(observed);
    const same = (x: { state: HuhState; key: string } | null) => x !== null && x.state === state && x.key === key;
    if (same(this.running) || (!this.running && same(this.last))) return;
    // A newer board: whatever the worker still thinks about is stale (the thinking goes on).
    if (this.running) this.endWorker();
    const id = this.nextId++;
    this.running = { id, state, key, observed };
    const w = this.workerNow();
    if (!w) return;
    try {
      // A copy in plain JSON: the screen's state is a reactive proxy, which structured cloning
      // refuses (DataCloneError); the state itself stays the key the verdict is taken by.
      w.postMessage(JSON.parse(JSON.stringify({ id, state, observed, reopen })) as RefereeRequest);
    } catch (e) {
      return this.fail(errorText(e));
    }
    this.timer ??= setTimeout(() => this.setThinking(true), this.thinkingAfterMs);
  }

  /** Stop thinking and end the worker (the screen goes away). */
  stop(): void {
    this.endWorker();
    this.idle();
    this.last = null;
  }

  private workerNow(): WorkerLike | null {
    if (this.worker) return this.worker;
    try {
      const w = this.open();
      w.onmessage = (e) => this.answer(e.data);
      w.onerror = (e) => this.fail(errorText(e));
      this.worker = w;
      return w;
    } catch (e) {
      this.fail(errorText(e));
      return null;
    }
  }

  private answer(data: unknown): void {
    let a;
    try {
      a = parseAnswer(data);
    } catch (e) {
      return this.fail(errorText(e));
    }
    const r = this.running;
    if (!r || a.id !== r.id) return;
    this.running = null;
    this.idle();
    if (!a.ok) return this.on.failed(a.error);
    this.last = { state: r.state, key: r.key };
    this.on.verdict({ state: r.state, observed: r.observed, verdict: a.verdict });
  }

  private fail(why: Text): void {
    this.endWorker();
    this.idle();
    this.on.failed(why);
  }

  private endWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.running = null;
  }

  private idle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.setThinking(false);
  }

  private setThinking(on: boolean): void {
    if (on === this.thinking) return;
    this.thinking = on;
    this.on.thinking(on);
  }
}
