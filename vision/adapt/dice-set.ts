/**
 * A dice set: the dice one table taught the reader, kept under a name. It is plain data, one
 * JSON file, kept and exported and imported as that same file, so everything read from outside
 * goes through `parseDiceSet`, which takes only the fields below, each checked, and says in
 * German and English what is wrong.
 *
 * It keeps what was taught (a patch of the frame around each die, its value, its roll), the
 * classifier weights it was taught with (standard dice: the reader's cache of taught features is
 * made again from the patches whenever the set is loaded, and a set taught with other weights is
 * taught again before it is used: teach.ts `prepare`), and how sure it made the reader. A set of
 * Miwin's dice (kind `miwin`) keeps which die each is and the colour of its pips under the
 * players' light (miwin.ts `prepareMiwin` measures them again from the patches).
 */
import type { Rgb } from '../types.ts';
import { MIWIN_DICE, MIWIN_FACES, type MiwinDie } from '../miwin/dice.ts';
import { PATCH, PATCH_BYTES } from './patch-size.ts';

type Text = { de: string; en: string };

export const DICE_SET_FORMAT = 'schiri-dice-set';
export const DICE_SET_VERSION = 1;
/** A set file is refused above this size (a set of MAX_DICE dice is about 2.5 MB). */
export const MAX_DICE_SET_CHARS = 4 * 1024 * 1024;
export const MAX_DICE = 120;
export const MAX_NAME = 60;
/**
 * Of the boxes the reader looked at just under its die bar in a confirmed roll, a d6 set keeps the
 * surest this many that hold no die (as "not a die"): what the table's die bar is measured against.
 */
export const NEAR_PER_ROLL = 4;

/** Standard six-sided dice, or Miwin's dice (told apart by pip colour). */
export type DiceKind = 'd6' | 'miwin';

export interface TaughtDie {
  /** d6: 0 = not a die (a box the players said holds none), 1..6 the value on top; miwin: 1..9. */
  value: number;
  /** Which of Miwin's dice (miwin sets only). */
  die?: MiwinDie;
  /** The roll it was taught in, from 0: the sureness leaves out one whole roll at a time. */
  roll: number;
  /** PATCH x PATCH RGB bytes around the die (vision/adapt/patch.ts). */
  patch: Uint8Array;
  /** Miwin: the pips' colour on the die's white-balanced face (vision/miwin/crop.ts `pipTint`). */
  pips?: Rgb;
  /**
   * d6: the players pointed at it, and the reader had not looked there (not even just under its
   * die bar), so no die bar finds it: the table's bar is chosen without it (teach.ts chooseBias).
   */
  missed?: true;
}

/** How sure the reader is of the set, measured on the taught dice (docs/teach-dice.md). */
export interface Sureness {
  /** Dice taught (boxes said to be no die not counted). */
  dice: number;
  rolls: number;
  /** Read right by the reader without the set. */
  before: number;
  /** Read right by what the other rolls taught, each roll left out of the teaching in turn. */
  after: number;
  /**
   * Places the taught rolls show without a die (d6 sets; absent in sets taught before 7 Dec 2026
   * and in Miwin sets), and at how many of them the reader sees a die without the set and with
   * what the other rolls taught: the other side of `after`, what a raised die bar lets in on the
   * players' own table.
   */
  places?: number;
  placesTakenBefore?: number;
  placesTakenAfter?: number;
}

/**
 * A d6 set's tuned last layer (vision/adapt/tune.ts): the classifier's `fc` fitted on the taught
 * crops, kept with the set so loading it needs no training; valid only with the weights `on`.
 */
export interface TunedHead {
  /** Fingerprint of the classifier weights it was tuned on (as `taughtOn`). */
  on: string;
  /** Which of its answers the guard kept: whether a box holds a die, the value it shows. */
  dieness: boolean;
  values: boolean;
  /** The layer's kernel (features x classes, row by row) then its bias, float32. */
  weights: Float32Array;
}

/** A tuned head has at most this many numbers (a layer of 1024 features to 7 classes). */
export const MAX_HEAD_WEIGHTS = 1024 * 7 + 7;

export interface DiceSet {
  /** File name: 1-64 of a-z, 0-9 and -. */
  id: string;
  name: string;
  kind: DiceKind;
  /** ISO time of the last teaching. */
  created: string;
  /** d6: fingerprint of the classifier weights it was taught with (vision/adapt/fingerprint.ts); miwin: null (nothing depends on weights). */
  taughtOn: string | null;
  dice: TaughtDie[];
  /** miwin: each die's pip colour under the players' light (null until taught). */
  pipColours: Partial<Record<MiwinDie, Rgb>> | null;
  sure: Sureness | null;
  /** d6 sets taught since 7 Dec 2026 (issue 62): the tuned last layer. */
  tuned?: TunedHead;
}

export class DiceSetError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
  }
}

const fail = (de: string, en: string): never => {
  throw new DiceSetError({ de, en });
};

export const DICE_SET_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** A file name for a new set called `name`: its letters, made safe, and a stamp so two never clash. */
export function diceSetId(name: string, now: Date): string {
  const stem = name
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${stem || 'wuerfel'}-${now.getTime().toString(36)}`.replace(/^-/, '');
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null;
  try {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Float32 numbers as little-endian bytes, whatever the machine's order. */
function floatBytes(xs: Float32Array): Uint8Array {
  const out = new Uint8Array(xs.length * 4);
  const view = new DataView(out.buffer);
  xs.forEach((x, i) => view.setFloat32(i * 4, x, true));
  return out;
}

function bytesFloats(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

/** The set as its file's text. */
export function serialiseDiceSet(s: DiceSet): string {
  return JSON.stringify({
    format: DICE_SET_FORMAT,
    version: DICE_SET_VERSION,
    id: s.id,
    name: s.name,
    kind: s.kind,
    created: s.created,
    taughtOn: s.taughtOn,
    dice: s.dice.map((d) => ({ value: d.value, ...(d.die ? { die: d.die } : {}), roll: d.roll, ...(d.pips ? { pips: d.pips } : {}), ...(d.missed ? { missed: true } : {}), patch: toBase64(d.patch) })),
    pipColours: s.pipColours,
    sure: s.sure,
    ...(s.tuned ? { tuned: { on: s.tuned.on, dieness: s.tuned.dieness, values: s.tuned.values, weights: toBase64(floatBytes(s.tuned.weights)) } } : {}),
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, lo: number, hi: number): v is number => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;

/** `where` names the object in German, `whereEn` in English (the same where both say it alike). */
function fields(o: Record<string, unknown>, where: string, required: string[], optional: string[] = [], whereEn = where): void {
  for (const k of required) if (!(k in o)) fail(`${where}: „${k}“ fehlt.`, `${whereEn}: "${k}" is missing.`);
  for (const k of Object.keys(o)) if (!required.includes(k) && !optional.includes(k)) fail(`${where}: unbekanntes Feld „${k}“.`, `${whereEn}: unknown field "${k}".`);
}

function rgb(v: unknown, where: string): Rgb {
  if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number' && x >= 0 && x <= 255)) {
    return fail(`${where}: drei Zahlen von 0 bis 255 erwartet.`, `${where}: expected three numbers from 0 to 255.`);
  }
  return v as Rgb;
}

function sureness(v: unknown): Sureness | null {
  if (v === null) return null;
  if (!isObject(v)) return fail('„sure“ ist kein Objekt.', '"sure" is not an object.');
  const counts = ['dice', 'rolls', 'before', 'after'];
  const placeFields = ['places', 'placesTakenBefore', 'placesTakenAfter'];
  const whole = (k: string) => isInt(v[k], 0, 100000) || fail(`sure: „${k}“ muss eine ganze Zahl ab 0 sein.`, `sure: "${k}" must be a whole number from 0.`);
  fields(v, 'sure', counts, placeFields);
  counts.forEach(whole);
  const given = placeFields.filter((k) => k in v);
  if (given.length !== 0 && given.length !== placeFields.length) fail(`sure: „${placeFields.join('“, „')}“ nur zusammen.`, `sure: "${placeFields.join('", "')}" only together.`);
  given.forEach(whole);
  if (given.length && ((v.placesTakenBefore as number) > (v.places as number) || (v.placesTakenAfter as number) > (v.places as number))) {
    fail('sure: mehr Stellen für einen Würfel gehalten, als es Stellen gibt.', 'sure: more places taken for a die than there are places.');
  }
  return v as unknown as Sureness;
}

function tunedHead(v: unknown, kind: DiceKind): TunedHead {
  if (kind !== 'd6' || !isObject(v)) return fail('„tuned“ gibt es nur bei d6-Sätzen, als Objekt.', '"tuned" exists only in d6 sets, as an object.');
  fields(v, 'tuned', ['on', 'dieness', 'values', 'weights']);
  if (typeof v.on !== 'string' || !/^[0-9a-f]{16}$/.test(v.on)) fail('tuned: „on“ muss 16 Hex-Ziffern sein.', 'tuned: "on" must be 16 hex digits.');
  if (typeof v.dieness !== 'boolean' || typeof v.values !== 'boolean') fail('tuned: „dieness“ und „values“ müssen true oder false sein.', 'tuned: "dieness" and "values" must be true or false.');
  const bytes = typeof v.weights === 'string' ? fromBase64(v.weights) : null;
  if (!bytes || bytes.length === 0 || bytes.length % 4 !== 0 || bytes.length / 4 > MAX_HEAD_WEIGHTS) {
    fail(`tuned: „weights“ müssen 1 bis ${MAX_HEAD_WEIGHTS} Gleitkommazahlen in Base64 sein.`, `tuned: "weights" must be 1 to ${MAX_HEAD_WEIGHTS} floats in base64.`);
  }
  const weights = bytesFloats(bytes!);
  if (!weights.every(Number.isFinite)) fail('tuned: „weights“ enthält keine endliche Zahl.', 'tuned: "weights" holds a number that is not finite.');
  return { on: v.on as string, dieness: v.dieness as boolean, values: v.values as boolean, weights };
}

function taughtDie(v: unknown, i: number, kind: DiceKind): TaughtDie {
  const where = `Würfel ${i + 1}`;
  const whereEn = `die ${i + 1}`;
  if (!isObject(v)) return fail(`${where} ist kein Objekt.`, `${whereEn} is not an object.`);
  fields(v, where, ['value', 'roll', 'patch'], kind === 'miwin' ? ['die', 'pips'] : ['missed'], whereEn);
  if (!isInt(v.roll, 0, MAX_DICE)) fail(`${where}: „roll“ muss eine ganze Zahl ab 0 sein.`, `${whereEn}: "roll" must be a whole number from 0.`);
  const patch = typeof v.patch === 'string' ? fromBase64(v.patch) : null;
  if (!patch || patch.length !== PATCH_BYTES) fail(`${where}: das Bild muss ${PATCH} x ${PATCH} RGB-Pixel in Base64 sein.`, `${whereEn}: the picture must be ${PATCH} x ${PATCH} RGB pixels in base64.`);
  if (kind === 'd6') {
    if (!isInt(v.value, 0, 6)) fail(`${where}: „value“ muss 0 (kein Würfel) oder 1 bis 6 sein.`, `${whereEn}: "value" must be 0 (not a die) or 1 to 6.`);
    if (v.missed !== undefined && (v.missed !== true || v.value === 0)) fail(`${where}: „missed“ gibt es nur als true, bei einem Würfel.`, `${whereEn}: "missed" exists only as true, on a die.`);
    return { value: v.value as number, roll: v.roll as number, patch: patch!, ...(v.missed ? { missed: true as const } : {}) };
  }
  if (!MIWIN_DICE.includes(v.die as MiwinDie)) fail(`${where}: „die“ muss III, IV oder V sein.`, `${whereEn}: "die" must be III, IV or V.`);
  const die = v.die as MiwinDie;
  if (!MIWIN_FACES[die].includes(v.value as number)) fail(`${where}: Würfel ${die} hat keine ${String(v.value)}.`, `${whereEn}: die ${die} has no ${String(v.value)}.`);
  return { value: v.value as number, die, roll: v.roll as number, patch: patch!, ...(v.pips !== undefined ? { pips: rgb(v.pips, `${whereEn}.pips`) } : {}) };
}

/**
 * A dice set from its file's text, every field checked; throws DiceSetError saying what is wrong
 * (in German and English). Nothing in the file is ever run: it is numbers, names and pictures.
 */
export function parseDiceSet(text: string): DiceSet {
  if (typeof text !== 'string') fail('Kein Text.', 'Not text.');
  if (text.length > MAX_DICE_SET_CHARS) fail(`Die Datei ist zu groß (höchstens ${MAX_DICE_SET_CHARS / 1024 / 1024} MB).`, `The file is too large (at most ${MAX_DICE_SET_CHARS / 1024 / 1024} MB).`);
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return fail('Das ist keine Würfelsatz-Datei von Schiri (kein JSON).', 'This is not a Schiri dice set file (not JSON).');
  }
  if (!isObject(o) || o.format !== DICE_SET_FORMAT) return fail('Das ist keine Würfelsatz-Datei von Schiri.', 'This is not a Schiri dice set file.');
  if (o.version !== DICE_SET_VERSION) fail(`Würfelsatz-Version ${String(o.version)} kennt diese Schiri-Version nicht (sie kennt ${DICE_SET_VERSION}).`, `This version of Schiri does not know dice set version ${String(o.version)} (it knows ${DICE_SET_VERSION}).`);
  fields(o, 'Würfelsatz', ['format', 'version', 'id', 'name', 'kind', 'created', 'taughtOn', 'dice', 'pipColours', 'sure'], ['tuned'], 'dice set');
  if (typeof o.id !== 'string' || !DICE_SET_ID.test(o.id)) fail('„id“ muss 1 bis 64 Zeichen aus a-z, 0-9 und - sein.', '"id" must be 1 to 64 of a-z, 0-9 and -.');
  const name = typeof o.name === 'string' ? o.name.trim() : '';
  // eslint-disable-next-line no-control-regex
  if (name.length < 1 || name.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(name)) fail(`Der Name muss 1 bis ${MAX_NAME} Zeichen lang sein, ohne Steuerzeichen.`, `The name must be 1 to ${MAX_NAME} characters, no control characters.`);
  if (o.kind !== 'd6' && o.kind !== 'miwin') fail('„kind“ muss d6 oder miwin sein.', '"kind" must be d6 or miwin.');
  const kind = o.kind as DiceKind;
  if (typeof o.created !== 'string' || Number.isNaN(Date.parse(o.created))) fail('„created“ muss ein Datum sein.', '"created" must be a date.');
  if (o.taughtOn !== null && (typeof o.taughtOn !== 'string' || !/^[0-9a-f]{16}$/.test(o.taughtOn))) fail('„taughtOn“ muss 16 Hex-Ziffern sein.', '"taughtOn" must be 16 hex digits.');
  if (!Array.isArray(o.dice) || o.dice.length > MAX_DICE) fail(`„dice“ muss eine Liste von höchstens ${MAX_DICE} Würfeln sein.`, `"dice" must be a list of at most ${MAX_DICE} dice.`);
  const dice = (o.dice as unknown[]).map((d, i) => taughtDie(d, i, kind));
  let pipColours: DiceSet['pipColours'] = null;
  if (o.pipColours !== null) {
    if (kind !== 'miwin' || !isObject(o.pipColours)) return fail('„pipColours“ gibt es nur bei Miwins Würfeln, als Objekt.', '"pipColours" exists only for Miwin dice, as an object.');
    fields(o.pipColours, 'pipColours', [], [...MIWIN_DICE]);
    pipColours = Object.fromEntries(Object.entries(o.pipColours).map(([k, v]) => [k, rgb(v, `pipColours.${k}`)]));
  }
  const tuned = o.tuned !== undefined ? { tuned: tunedHead(o.tuned, kind) } : {};
  return { id: o.id as string, name, kind, created: o.created as string, taughtOn: o.taughtOn as string | null, dice, pipColours, sure: sureness(o.sure), ...tuned };
}
