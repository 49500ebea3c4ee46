/**
 * The duel's referee as a Web Worker: `explainTable` searches the turn's actions (and says where
 * the board shows the turn over), which takes up to seconds on a crowded board, and must not
 * freeze the screen meanwhile. Each request is checked
 * here (the worker trusts nothing it is sent); a bad one is answered with why, never a crash.
 */
import { errorText, render, type Text } from '../../../engine/core/text.ts';
import { explainTable } from '../../../engine/himmel-und-hoelle/explain-table.ts';
import { parseRequest, type RefereeAnswer } from './referee-messages.ts';

const scope = globalThis as unknown as { onmessage: ((e: { data: unknown }) => void) | null; postMessage(a: RefereeAnswer): void };

/** An engine error's own words (it names what is wrong in both languages), its names filled in. */
function rendered(e: unknown): Text {
  const t = errorText(e);
  return { de: render(t, 'de'), en: render(t, 'en') };
}

scope.onmessage = (e) => {
  const raw = e.data as { id?: unknown } | null;
  const id = typeof raw?.id === 'number' && Number.isInteger(raw.id) && raw.id >= 0 ? raw.id : 0;
  try {
    const req = parseRequest(e.data);
    scope.postMessage({ id: req.id, ok: true, verdict: explainTable(req.state, req.observed, { reopen: req.reopen }) });
  } catch (err) {
    scope.postMessage({ id, ok: false, error: rendered(err) });
  }
};
