/**
 * The words and the bookkeeping of "Würfel anlernen" (TeachDialog.svelte), apart from the DOM so
 * the unit tests run them in Node: how the dice of a roll are numbered, what the players typed
 * for a whole roll (standard dice or Miwin's), where the keyboard's cross on the picture goes, how
 * sure a set makes the reader, a new set from the confirmed rolls.
 */
import { joinTexts, type Text } from '../../engine/core/text.ts';
import { diceSetId, MAX_DICE, type DiceKind, type DiceSet, type Sureness, type TaughtDie } from '../../vision/adapt/dice-set.ts';
import { patchAt, type Pixels } from '../../vision/adapt/sample.ts';
import { MIWIN_FACES, type MiwinDie } from '../../vision/miwin/dice.ts';
import type { Point } from '../../vision/board/homography.ts';
import { clearOf, nearRound, placesWithoutDie } from '../../vision/adapt/near.ts';
import { MIN_PLACES_WITHOUT_DIE, countPlacesWithoutDie, wantsMorePlaces } from '../../vision/adapt/bias.ts';
import { tx } from '../i18n/text.ts';
import type { LookedDie } from './protocol.ts';

/**
 * A die of a roll being confirmed: what the reader said, and what the players say (0: no die,
 * or for Miwin's dice: left out; null: not yet said), and for Miwin's dice which die they say it is.
 */
export interface RollDie extends LookedDie {
  said: number | null;
  saidDie: MiwinDie | null;
  /** The players tapped it on the picture: the reader had missed it. */
  tapped?: boolean;
}

/** The dice of a looked-at frame, numbered as the picture shows them: left to right, then top to bottom for dice in one column. */
export function numbered(dice: LookedDie[]): RollDie[] {
  const centre = (d: LookedDie) => [d.box[0] + d.box[2] / 2, d.box[1] + d.box[3] / 2];
  return [...dice]
    .sort((a, b) => {
      const [ax, ay] = centre(a);
      const [bx, by] = centre(b);
      const side = Math.max(a.box[2], b.box[2]) / 2;
      return Math.abs(ax - bx) > side ? ax - bx : ay - by;
    })
    .map((d) => ({ ...d, said: d.value, saidDie: d.die ?? null }));
}

/** Whether the players still have to say something of this die (a Miwin die also which die it is). */
export function undecided(d: RollDie, kind: DiceKind): boolean {
  if (d.said === null) return true;
  if (kind === 'd6' || d.said === 0) return false;
  return d.saidDie === null || !MIWIN_FACES[d.saidDie].includes(d.said);
}

/** The side of a die tapped on the picture where the roll has no other die to measure it by, as a part of the picture's width. */
export const TAPPED_SIDE = 1 / 16;

/**
 * A die the reader missed, where the players tapped the picture: a box around the tap the size
 * of the roll's other dice (the middle of their sizes), or TAPPED_SIDE of the picture's width
 * where it found none; its patch cut from the picture, as the worker cuts the found ones.
 */
export function tappedDie(image: Pixels, [x, y]: Point, others: LookedDie[]): RollDie {
  const sides = others.map((d) => Math.max(d.box[2], d.box[3])).sort((a, b) => a - b);
  const side = Math.round(sides.length ? sides[Math.floor(sides.length / 2)] : image.width * TAPPED_SIDE);
  const box: [number, number, number, number] = [Math.round(x - side / 2), Math.round(y - side / 2), side, side];
  return { box, value: null, patch: patchAt(image, box), said: null, saidDie: null, tapped: true };
}

/**
 * The boxes the reader looked at just under its die bar (`near`) that touch no marked die of the
 * roll: shown on the picture as "almost a die", for the players to tap if a die lies there
 * (else the set keeps them as "kein Würfel", draftSet).
 */
export function openHints(near: LookedDie[], dice: RollDie[]): LookedDie[] {
  return clearOf(near, dice.map((d) => d.box));
}

/**
 * A die the players pointed at: where the point lies in a shown hint, that box and its patch (the
 * reader looked there, and its box fits the die better than a guess around the tap); else a box
 * around the tap (tappedDie).
 */
export function pointedDie(image: Pixels, at: Point, dice: RollDie[], hints: LookedDie[]): RollDie {
  const [x, y] = at;
  const hit = hints.find(({ box: [bx, by, w, h] }) => x >= bx && x <= bx + w && y >= by && y <= by + h);
  return hit ? { box: hit.box, value: null, patch: hit.patch, said: null, saidDie: null, tapped: true } : tappedDie(image, at, dice);
}

/**
 * The values of a whole roll as typed, in the dice's numbered order: digits 1 to 6, 0 or "-" for
 * a box that holds no die, with or without spaces or commas between. A Text says what is wrong.
 */
export function parseTyped(typed: string, dice: number): number[] | Text {
  const chars = typed.replace(/[\s,;]+/g, '');
  const bad = chars.match(/[^0-6-]/);
  if (bad) return tx(`„${bad[0]}“ ist keine Augenzahl: 1 bis 6 eintippen, 0 oder - für „kein Würfel“.`, `"${bad[0]}" is no value: type 1 to 6, 0 or - for "no die".`);
  const values = [...chars].map((c) => (c === '-' ? 0 : Number(c)));
  if (values.length !== dice) {
    return tx(`${values.length} Werte eingetippt, auf dem Bild sind ${dice} Würfel markiert.`, `${values.length} values typed, the picture marks ${dice} dice.`);
  }
  return values;
}

/** A die of a typed roll of Miwin's dice: which die and the number on top; null for a mark left out. */
export type TypedMiwin = { die: MiwinDie; value: number } | null;

/**
 * The dice of a whole roll of Miwin's dice as typed, in the numbered order: each as the table
 * names it, the die (III, IV, V) and the number on top ("III 5, IV 9, V 6"; spaces, commas or a
 * colon between as one likes), and - or 0 for a mark that is left out. A Text says what is wrong.
 */
export function parseTypedMiwin(typed: string, dice: number): TypedMiwin[] | Text {
  const chars = typed.toUpperCase().replace(/[\s,;:]+/g, '');
  const out: TypedMiwin[] = [];
  for (let i = 0; i < chars.length; ) {
    if (chars[i] === '-' || chars[i] === '0') {
      out.push(null);
      i++;
      continue;
    }
    const m = /^(III|IV|V)([1-9])/.exec(chars.slice(i));
    if (!m) {
      const part = chars.slice(i, i + 4);
      return tx(
        `„${part}“ ist kein Würfel mit Zahl: je Würfel III, IV oder V und die Zahl oben eintippen (etwa „III 5“), - für „weglassen“.`,
        `"${part}" is no die with a number: type III, IV or V and the number on top for each die (say "III 5"), - for "leave out".`,
      );
    }
    const [die, value] = [m[1] as MiwinDie, Number(m[2])];
    if (!MIWIN_FACES[die].includes(value)) {
      const faces = MIWIN_FACES[die].join(', ');
      return tx(`${die} hat keine ${value}: seine Seiten sind ${faces}.`, `${die} has no ${value}: its faces are ${faces}.`);
    }
    out.push({ die, value });
    i += m[0].length;
  }
  if (out.length !== dice) {
    return tx(`${out.length} Würfel eingetippt, auf dem Bild sind ${dice} markiert.`, `${out.length} dice typed, the picture marks ${dice}.`);
  }
  return out;
}

/** The keyboard's cross on a roll's picture moves this part of the picture's width an arrow key (four times as far with Shift). */
export const CURSOR_STEP = 1 / 64;

/** Where an arrow key moves the keyboard's cross (kept inside the picture); null for any other key. */
export function moveCursor([x, y]: Point, key: string, long: boolean, size: { width: number; height: number }): Point | null {
  const step = size.width * CURSOR_STEP * (long ? 4 : 1);
  const by: Record<string, Point> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (!by[key]) return null;
  const within = (v: number, max: number) => Math.min(Math.max(v, 0), max - 1);
  return [within(x + by[key][0], size.width), within(y + by[key][1], size.height)];
}

/**
 * Said when a set raises the reader's die bar (protocol.ts SetAnswer `raised`): the taught rolls
 * cannot show what look-alikes another scene holds. Replayed over the leave-one-set-out folds, a
 * raise taught on a plain table reported the number tokens of a game board later laid on it
 * (models/taught-sets.md, "Guards against a harmful raise"); no guard kept that off without also
 * losing the raise where it helps, so the players are told where to read without the set.
 */
export const RAISED_TEXT: Text = tx(
  'Mit diesem Satz meldet Schiri Würfel schon, wenn es weniger sicher ist. Auf einem anderen Tisch oder einem bunten Spielbrett kann es dann Würfel sehen, wo keine liegen: dort ohne den Satz lesen („Ohne Würfelsatz lesen“) oder dort einen eigenen Satz anlernen.',
  'With this set Schiri reports dice when it is less sure. On another table or a colourful game board it may then see dice where there are none: read without the set there ("Read without a dice set") or teach a set there.',
);

/** What is said of a set put in use (taught, loaded, chosen, or in use at the camera's start), with `RAISED_TEXT` where the set raises the die bar. */
export const withRaise = (said: Text[], raised: boolean): Text => joinTexts(raised ? [...said, RAISED_TEXT] : said);

/**
 * How sure a set makes the reader, measured on the taught dice (vision/adapt/teach.ts `sureness`),
 * and, where the set counted them, at how many of the places without a die that came nearest to
 * one it sees a die: what a raised bar gains and what it lets in, both on the players' own table.
 */
export function surenessText(s: Sureness | null): Text {
  if (!s) return tx('Noch nicht gemessen.', 'Not measured yet.');
  const rolls = s.rolls > 1;
  const dice = tx(
    `Von ${s.dice} angelernten Würfeln liest Schiri ohne den Satz ${s.before} richtig, mit ihm ${s.after} (${rolls ? 'jeder Wurf gelesen mit dem, was die anderen Würfe lehrten' : 'jeder Würfel gelesen mit dem, was die anderen lehrten'}).`,
    `Of ${s.dice} taught dice Schiri reads ${s.before} right without the set, ${s.after} with it (${rolls ? 'each roll read with what the other rolls taught' : 'each die read with what the others taught'}).`,
  );
  if (!s.places) return dice;
  const one = s.places === 1;
  return joinTexts([
    dice,
    tx(
      `Von ${s.places} ${one ? 'Stelle' : 'Stellen'} ohne Würfel, ${one ? 'die einem Würfel am nächsten kam' : 'die einem Würfel am nächsten kamen'}, hält es ohne den Satz ${s.placesTakenBefore} für einen Würfel, mit ihm ${s.placesTakenAfter}.`,
      `Of ${s.places} ${one ? 'place' : 'places'} without a die that came nearest to one, it takes ${s.placesTakenBefore} for a die without the set, ${s.placesTakenAfter} with it.`,
    ),
  ]);
}

/**
 * What the players can do where a d6 set saw too few places without a die to move the table's die
 * bar (vision/adapt/bias.ts MIN_PLACES_WITHOUT_DIE) and the reader still misses taught dice: one more
 * roll with more of the table in view. Null where the bar is free to move or nothing needs it.
 */
export function fewPlacesText(set: DiceSet): Text | null {
  if (set.kind !== 'd6' || !wantsMorePlaces(set.dice, set.sure)) return null;
  const places = countPlacesWithoutDie(set.dice);
  const seen =
    places === 0
      ? tx('keine Stelle', 'no place')
      : places === 1
        ? tx('erst eine Stelle', 'only one place')
        : tx(`erst ${places} Stellen`, `only ${places} places`);
  return tx(
    `In diesen Würfen sah Schiri ${seen.de} ohne Würfel; an den Tisch passt es sich erst ab ${MIN_PLACES_WITHOUT_DIE} an. Lernt noch einen Wurf an, mit mehr vom Tisch im Bild.`,
    `In these rolls Schiri saw ${seen.en} without a die; it adjusts to the table from ${MIN_PLACES_WITHOUT_DIE} on. Teach one more roll, with more of the table in view.`,
  );
}

/**
 * A new set of the confirmed rolls, not yet taught (the worker teaches it and measures it). A Miwin
 * set keeps the dice the players named. A d6 set keeps every die and every box said to hold no die
 * (value 0), and uses each roll's boxes the reader looked at just under its die bar (`near`, one
 * list per roll): a die the players tapped is taught at such a box round it, where the reader did
 * look (else it is marked missed: no die bar finds it); the surest few that touch no die of the
 * confirmed roll (a box half on a die is no clear place without one) are kept as value 0, while
 * the set has room.
 */
export function draftSet(name: string, rolls: RollDie[][], now: Date, kind: DiceKind = 'd6', near: LookedDie[][] = []): DiceSet {
  const dice: TaughtDie[] = rolls.flatMap((roll, r) =>
    roll.flatMap((d): TaughtDie[] => {
      if (d.said === null) return [];
      if (kind === 'miwin') return d.said > 0 && d.saidDie ? [{ value: d.said, die: d.saidDie, roll: r, patch: d.patch }] : [];
      if (!d.tapped || d.said === 0) return [{ value: d.said, roll: r, patch: d.patch }];
      const under = nearRound(d.box, near[r] ?? []);
      return [under ? { value: d.said, roll: r, patch: under.patch } : { value: d.said, roll: r, patch: d.patch, missed: true }];
    }),
  );
  if (kind === 'd6') {
    const dieBoxes = (roll: RollDie[]) => roll.filter((d) => d.said !== null && d.said > 0).map((d) => d.box);
    const empty = rolls.flatMap((roll, r) => placesWithoutDie(near[r] ?? [], dieBoxes(roll)).map((b) => ({ value: 0, roll: r, patch: b.patch })));
    dice.push(...empty.slice(0, Math.max(0, MAX_DICE - dice.length)));
  }
  return { id: diceSetId(name, now), name: name.trim(), kind, created: now.toISOString(), taughtOn: null, dice, pipColours: null, sure: null };
}
