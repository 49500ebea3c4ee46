/**
 * The players' dice sets (docs/teach-dice.md) where the app keeps its other data: the record store
 * (a file each in Electron's user data folder, behind the records IPC channels and their checks;
 * localStorage in a browser). Each set is one record holding its file text, cut into lines of at
 * most CHUNK characters, each a JSON string (the store takes JSON Lines, at most 1 MiB a write);
 * one more record lists the sets and names the one the camera reads with. Everything read back goes through
 * `parseDiceSet`, so a damaged store is named and left out, never used.
 */
import type { Text } from '../../engine/core/text.ts';
import { isRecordId } from '../../engine/core/record.ts';
import { DiceSetError, diceSetId, parseDiceSet, type DiceSet } from '../../vision/adapt/dice-set.ts';
import { bridge } from '../bridge/index.ts';

const INDEX = 'dice-sets';
const recordOf = (id: string) => `dice-set-${id}`;
/** Characters of file text a line: with JSON's quotes and escapes well under the store's 1 MiB a write. */
const CHUNK = 256 * 1024;

/** The set's file text as the record's lines. */
function linesOf(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) out.push(JSON.stringify(text.slice(i, i + CHUNK)) + '\n');
  return out;
}

/** The file text a set's record holds. */
function textOf(record: string): string {
  return record
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const part = JSON.parse(l) as unknown;
      if (typeof part !== 'string') throw new DiceSetError({ de: 'die Datei ist beschädigt', en: 'its file is damaged' });
      return part;
    })
    .join('');
}

interface Index {
  active: string | null;
  ids: string[];
}

export interface StoredSets {
  sets: DiceSet[];
  /** The set the camera reads with, if any. */
  active: string | null;
  /** Sets that no longer load (a store edited by hand, a file cut short): named, and left out. */
  problems: Text[];
}

async function readIndex(): Promise<Index> {
  const text = (await bridge.records.read(INDEX)) ?? '';
  try {
    const o = JSON.parse(text.split('\n')[0] || 'null') as Partial<Index> | null;
    const ids = Array.isArray(o?.ids) ? o.ids.filter((id): id is string => typeof id === 'string' && isRecordId(recordOf(id))) : [];
    return { ids, active: typeof o?.active === 'string' && ids.includes(o.active) ? o.active : null };
  } catch {
    return { ids: [], active: null };
  }
}

const writeIndex = (ix: Index) => bridge.records.replace(INDEX, JSON.stringify(ix) + '\n');

export async function loadDiceSets(): Promise<StoredSets> {
  const ix = await readIndex();
  const sets: DiceSet[] = [];
  const problems: Text[] = [];
  for (const id of ix.ids) {
    const text = await bridge.records.read(recordOf(id));
    try {
      if (text === null) throw new DiceSetError({ de: 'die Datei fehlt', en: 'its file is missing' });
      sets.push(parseDiceSet(textOf(text)));
    } catch (e) {
      const why = e instanceof DiceSetError ? e.text : { de: String(e), en: String(e) };
      problems.push({ de: `Würfelsatz ${id} lässt sich nicht laden: ${why.de}`, en: `Dice set ${id} does not load: ${why.en}` });
    }
  }
  return { sets, active: sets.some((s) => s.id === ix.active) ? ix.active : null, problems };
}

/** The file text of the set the camera reads with, or null. */
export async function activeDiceSet(): Promise<string | null> {
  const ix = await readIndex();
  if (!ix.active) return null;
  const text = await bridge.records.read(recordOf(ix.active));
  try {
    return text === null ? null : textOf(text);
  } catch {
    return null;
  }
}

/** Why the app cannot keep this set, or null. */
export function keepProblem(set: DiceSet): Text | null {
  if (set.kind !== 'd6') return { de: 'Würfelsätze für Miwins Würfel kann Schiri noch nicht verwenden.', en: 'Schiri cannot use dice sets for Miwin’s dice yet.' };
  if (set.dice.every((d) => d.value === 0)) return { de: 'Der Würfelsatz enthält keinen Würfel.', en: 'The dice set holds no die.' };
  return null;
}

/**
 * Keeps `set` (its file text `text`, as the worker made it ready) and makes it the one in use.
 * A set whose id is already kept under another set, or too long for a record name, gets a new id.
 */
export async function keepDiceSet(set: DiceSet, text: string): Promise<DiceSet> {
  const ix = await readIndex();
  let kept = set;
  if (!isRecordId(recordOf(set.id))) kept = { ...set, id: diceSetId(set.name, new Date()) };
  const problem = keepProblem(kept);
  if (problem) throw new DiceSetError(problem);
  const lines = linesOf(kept === set ? text : JSON.stringify({ ...JSON.parse(text), id: kept.id }));
  // The set first, then the list naming it: a failure between leaves an unlisted file, never a listed set without one.
  await bridge.records.replace(recordOf(kept.id), lines[0]);
  for (let i = 1; i < lines.length; i += 2) await bridge.records.append(recordOf(kept.id), lines.slice(i, i + 2).join(''));
  await writeIndex({ ids: [...ix.ids.filter((id) => id !== kept.id), kept.id], active: kept.id });
  return kept;
}

/** The camera reads with this set from now on (null: with none). */
export async function useDiceSet(id: string | null): Promise<void> {
  const ix = await readIndex();
  await writeIndex({ ...ix, active: id !== null && ix.ids.includes(id) ? id : null });
}

/** Forgets a set: off the list first, then its file. */
export async function forgetDiceSet(id: string): Promise<void> {
  const ix = await readIndex();
  await writeIndex({ ids: ix.ids.filter((i) => i !== id), active: ix.active === id ? null : ix.active });
  if (isRecordId(recordOf(id))) await bridge.records.remove(recordOf(id));
}
