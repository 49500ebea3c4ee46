import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { explain } from '../../engine/himmel-und-hoelle/explain.ts';
import { parseAnswer, parseRequest, type RefereeRequest } from '../../renderer/games/himmel-und-hoelle/referee-messages.ts';
import { Referee, type RefereeEvents, type Verdict, type WorkerLike } from '../../renderer/games/himmel-und-hoelle/referee.ts';
import { observe, position } from '../engine/himmel-und-hoelle-helpers.ts';

/** A worker the test answers by hand: what the real one would say (explain over a JSON copy), when the test says so. */
class FakeWorker implements WorkerLike {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  asked: RefereeRequest[] = [];
  ended = false;
  postMessage(m: RefereeRequest) {
    // As a real worker receives it: structured cloning, which refuses a proxy.
    this.asked.push(structuredClone(m));
  }
  terminate() {
    this.ended = true;
  }
  /** Answers request k as the real worker does. */
  answer(k = 0) {
    const req = parseRequest(this.asked[k]);
    this.onmessage?.({ data: JSON.parse(JSON.stringify({ id: req.id, ok: true, verdict: explain(req.state, req.observed) })) });
  }
}

function referee() {
  const workers: FakeWorker[] = [];
  const verdicts: Verdict[] = [];
  const thinking: boolean[] = [];
  const failed: string[] = [];
  const events: RefereeEvents = { verdict: (v) => verdicts.push(v), thinking: (on) => thinking.push(on), failed: (t) => failed.push(t.en) };
  const r = new Referee(
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    events,
    250,
  );
  return { r, workers, verdicts, thinking, failed };
}

const s = position({ H: ['b2:6'], ap: 3 });
const threeSteps = observe({ H: ['b5:6'] });
const twoSteps = observe({ H: ['b4:6'] });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the duel referee off the screen thread', () => {
  it('asks the worker and hands on its verdict, checked, with the state it judged against', () => {
    const { r, workers, verdicts } = referee();
    r.ask(s, threeSteps);
    expect(workers).toHaveLength(1);
    expect(workers[0].asked).toHaveLength(1);
    workers[0].answer();
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0].state).toBe(s);
    expect(verdicts[0].verdict).toMatchObject({ legal: true, ap: 3 });
  });

  it("the screen's state is a reactive proxy (Svelte's $state), which a worker message cannot carry: it goes as a copy, and the verdict is still taken by the state itself", () => {
    const { r, workers, verdicts, failed } = referee();
    const proxied = new Proxy(s, {});
    r.ask(proxied, threeSteps);
    expect(failed).toEqual([]);
    workers[0].answer();
    expect(verdicts[0].state).toBe(proxied);
    expect(verdicts[0].verdict).toMatchObject({ legal: true, ap: 3 });
  });

  it('the latest settled board wins: a newer one ends the worker still thinking about the older, whose late answer is dropped', () => {
    const { r, workers, verdicts } = referee();
    r.ask(s, threeSteps);
    const first = workers[0];
    r.ask(s, twoSteps);
    expect(first.ended).toBe(true);
    expect(workers).toHaveLength(2);
    first.answer();
    expect(verdicts).toHaveLength(0);
    workers[1].answer();
    expect(verdicts.map((v) => v.observed)).toEqual([twoSteps]);
    expect(verdicts[0].verdict).toMatchObject({ legal: true, ap: 2 });
  });

  it('the same board again (still table, a re-read) is not searched twice, while thinking or after', () => {
    const { r, workers, verdicts } = referee();
    r.ask(s, threeSteps);
    r.ask(s, observe({ H: ['b5:6'] }));
    expect(workers[0].asked).toHaveLength(1);
    workers[0].answer();
    r.ask(s, threeSteps);
    expect(workers[0].asked).toHaveLength(1);
    expect(verdicts).toHaveLength(1);
    // Against another state (a tap, an undo) the same board is judged anew.
    r.ask({ ...s }, threeSteps);
    expect(workers[0].asked).toHaveLength(2);
  });

  it('says it is thinking only when a judgement takes longer than a blink, and stops saying so with the verdict', () => {
    const { r, workers, thinking } = referee();
    r.ask(s, threeSteps);
    workers[0].answer();
    vi.advanceTimersByTime(1000);
    expect(thinking).toEqual([]);
    r.ask(s, twoSteps);
    vi.advanceTimersByTime(300);
    expect(thinking).toEqual([true]);
    // A newer board meanwhile: still thinking, not off and on again.
    r.ask(s, observe({ H: ['b3:6'] }));
    expect(thinking).toEqual([true]);
    workers[1].answer(0);
    expect(thinking).toEqual([true, false]);
  });

  it('a worker answering nonsense, or failing, is ended and named; the next board starts a new one', () => {
    const { r, workers, verdicts, failed } = referee();
    r.ask(s, threeSteps);
    workers[0].onmessage?.({ data: { id: 1, ok: true, verdict: { legal: true, moves: 'all of them' } } });
    expect(verdicts).toEqual([]);
    expect(workers[0].ended).toBe(true);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain('verdict');
    r.ask(s, twoSteps);
    expect(workers).toHaveLength(2);
    workers[1].onerror?.(new Error('worker script failed to load'));
    expect(failed[1]).toBe('worker script failed to load');
    expect(workers[1].ended).toBe(true);
  });
});

describe('the referee messages, checked on both sides', () => {
  it('the worker refuses a request that is no state of this game, naming what is wrong', () => {
    expect(() => parseRequest({ id: 1, state: { game: 'plus' }, observed: threeSteps })).toThrow(/game/);
    expect(() => parseRequest({ id: 1, state: s, observed: { dice: [{ side: 2, at: 'b1', pips: 3 }] } })).toThrow(/side/);
    expect(() => parseRequest({ id: -1, state: s, observed: threeSteps })).toThrow(/id/);
    expect(parseRequest(JSON.parse(JSON.stringify({ id: 3, state: s, observed: threeSteps }))).id).toBe(3);
  });

  it('the screen takes a verdict only of the agreed shape: legal moves that are moves, a refusal with words in both languages', () => {
    const refusal = explain(s, observe({ H: ['b9:6'] }));
    expect(parseAnswer({ id: 2, ok: true, verdict: refusal })).toEqual({ id: 2, ok: true, verdict: refusal });
    expect(() => parseAnswer({ id: 2, ok: true, verdict: { ...refusal, reason: { de: 'nur Deutsch' } } })).toThrow(/reason/);
    expect(() => parseAnswer({ id: 2, ok: true, verdict: { legal: true, unchanged: false, moves: [{ type: 'fly' }], ap: 0, cheapest: true, alternatives: [] } })).toThrow(/type/);
    expect(() => parseAnswer({ id: 2, ok: 'yes' })).toThrow(/ok/);
  });

  it('the turn the camera ended last goes to the worker with the request, and a verdict that opens it again comes back marked so', () => {
    const req = parseRequest(JSON.parse(JSON.stringify({ id: 4, state: s, observed: threeSteps, reopen: s })));
    expect(req.reopen).toEqual(s);
    expect(() => parseRequest({ id: 4, state: s, observed: threeSteps, reopen: { game: 'plus' } })).toThrow(/game/);
    const reopened = { legal: true, unchanged: false, moves: [{ type: 'end' }], ap: 0, cheapest: true, alternatives: [], reopened: true };
    expect(parseAnswer({ id: 4, ok: true, verdict: reopened })).toEqual({ id: 4, ok: true, verdict: reopened });
    expect(() => parseAnswer({ id: 4, ok: true, verdict: { ...reopened, reopened: 'yes' } })).toThrow(/reopened/);
  });

  it('the referee hands the turn to reopen to the worker, as a copy', () => {
    const { r, workers } = referee();
    r.ask(s, threeSteps, s);
    expect(workers[0].asked[0].reopen).toEqual(s);
    r.ask(position({ H: ['b3:6'], ap: 3 }), threeSteps);
    expect(workers[1].asked[0]).not.toHaveProperty('reopen');
  });
});
