/**
 * The players' dice sets (docs/teach-dice.md) where the app keeps its other data: the record store
 * (a file each in Electron's user data folder, behind the records IPC channels and their checks;
 * localStorage in a browser). Each set is one record holding its file text, cut into lines of at
 * most CHUNK characters, each a JSON string (the store takes JSON Lines, at most 1 MiB a write);
 * one more record lists the sets and names the one the camera reads with, for standard dice and
 * for Miwin's (Plus). Everything read back goes through
 * `parseDiceSet`, so a damaged store is named and left out, never used.
 */
import type { Text } from '../../engine/core/text.ts';
import { isRecordId } from '../../engine/core/record.ts';
import { DiceSetError, diceSetId, parseDiceSet, type DiceKind, type DiceSet } from '../../vision/adapt/dice-set.ts';
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
  /** The d6 set in use (the name from before Miwin's sets, kept so stored lists still load). */
  active: string | null;
  /** The Miwin set in use. */
  miwin: string | null;
  ids: string[];
}

const activeKey = (kind: DiceKind): 'active' | 'miwin' => (kind === 'd6' ? 'active' : 'miwin');

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
    const listed = (id: unknown) => (typeof id === 'string' && ids.includes(id) ? id : null);
    return { ids, active: listed(o?.active), miwin: listed(o?.miwin) };
  } catch {
    return { ids: [], active: null, miwin: null };
  }
}

const writeIndex = (ix: Index) => bridge.records.replace(INDEX, JSON.stringify(ix) + '\n');

/** The kept sets of one kind (standard dice or Miwin's) and the one in use. */
export async function loadDiceSets(kind: DiceKind): Promise<StoredSets> {
  const ix = await readIndex();
  const sets: DiceSet[] = [];
  const problems: Text[] = [];
  for (const id of ix.ids) {
    const text = await bridge.records.read(recordOf(id));
    try {
      if (text === null) throw new DiceSetError({ de: 'die Datei fehlt', en: 'its file is missing' });
      const set = parseDiceSet(textOf(text));
      if (set.kind === kind) sets.push(set);
    } catch (e) {
      const why = e instanceof DiceSetError ? e.text : { de: String(e), en: String(e) };
      problems.push({ de: `Würfelsatz ${id} lässt sich nicht laden: ${why.de}`, en: `Dice set ${id} does not load: ${why.en}` });
    }
  }
  const active = ix[activeKey(kind)];
  return { sets, active: sets.some((s) => s.id === active) ? active : null, problems };
}

/** The file text of the set of this kind the camera reads with, or null. */
export async function activeDiceSet(kind: DiceKind): Promise<string | null> {
  const active = (await readIndex())[activeKey(kind)];
  if (!active) return null;
  const text = await bridge.records.read(recordOf(active));
  try {
    return text === null ? null : textOf(text);
  } catch {
    return null;
  }
}

/** Why a camera reading `kind` dice cannot take this set, or null. */
export function keepProblem(set: DiceSet, kind: DiceKind = set.kind): Text | null {
  if (set.kind !== kind) {
    return set.kind === 'miwin'
      ? { de: 'Das ist ein Würfelsatz für Miwins Würfel (Plus); hier werden Standardwürfel gelesen.', en: "This is a dice set for Miwin's dice (Plus); standard dice are read here." }
      : { de: 'Das ist ein Würfelsatz für Standardwürfel; hier werden Miwins Würfel gelesen.', en: "This is a dice set for standard dice; Miwin's dice are read here." };
  }
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
  await writeIndex({ ...ix, ids: [...ix.ids.filter((id) => id !== kept.id), kept.id], [activeKey(kept.kind)]: kept.id });
  return kept;
}

/** The camera reads `kind` dice with this set from now on (null: with none). */
export async function useDiceSet(id: string | null, kind: DiceKind): Promise<void> {
  const ix = await readIndex();
  await writeIndex({ ...ix, [activeKey(kind)]: id !== null && ix.ids.includes(id) ? id : null });
}

/** Forgets a set: off the list first, then its file. */
export async function forgetDiceSet(id: string): Promise<void> {
  const ix = await readIndex();
  await writeIndex({ ids: ix.ids.filter((i) => i !== id), active: ix.active === id ? null : ix.active, miwin: ix.miwin === id ? null : ix.miwin });
  if (isRecordId(recordOf(id))) await bridge.records.remove(recordOf(id));
}
