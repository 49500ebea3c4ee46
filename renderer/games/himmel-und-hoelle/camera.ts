import type { Text } from '../../../engine/core/contract.ts';
import { PLACES, SIDE_NAME, isField, placeName, type Place, type Side } from '../../../engine/himmel-und-hoelle/board.ts';
import type { HuhObservation } from '../../../engine/himmel-und-hoelle/parse.ts';
import type { HuhDie, HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import { UNREADABLE, type DieReading, type Reading } from '../../../vision/types.ts';
import { oneDieEach } from '../../../vision/one-die-each.ts';
import { join, tx } from '../../i18n/text.ts';

/**
 * The dice duel from the camera. Which side a die belongs to comes from the table itself: each
 * side plays dice of one colour, chosen at set-up from the colours the reader names
 * (`vision/colour/names.ts`), or a colour next to it that the other side's does not border (see
 * `sideOfColour`); a die of any other colour is refused, never guessed.
 */

/** The dice colours a side can play, as the reader names them, in the players' words. */
export const DIE_COLOURS: Record<string, Text> = {
  white: tx('Weiß', 'white'),
  black: tx('Schwarz', 'black'),
  red: tx('Rot', 'red'),
  blue: tx('Blau', 'blue'),
  green: tx('Grün', 'green'),
  yellow: tx('Gelb', 'yellow'),
  orange: tx('Orange', 'orange'),
  purple: tx('Lila', 'purple'),
  pink: tx('Rosa', 'pink'),
  brown: tx('Braun', 'brown'),
  grey: tx('Grau', 'grey'),
};

/** The usual pair: light dice for Himmel, red ones for Hölle. */
export const DEFAULT_COLOURS: [string, string] = ['white', 'red'];

/**
 * Colours the reader's coarse words put side by side: table light moves a die across their
 * borders (a white die in dim light is read grey, a red one in shadow brown; measured on the
 * duel fixture, docs/himmel-und-hoelle.md).
 */
const NEIGHBOURS: Record<string, readonly string[]> = {
  white: ['grey'],
  black: ['grey', 'brown'],
  grey: ['white', 'black'],
  red: ['brown', 'pink', 'orange'],
  brown: ['red', 'orange', 'black'],
  orange: ['red', 'yellow', 'brown'],
  yellow: ['orange', 'green'],
  green: ['yellow', 'blue'],
  blue: ['green', 'purple'],
  purple: ['blue', 'pink'],
  pink: ['purple', 'red'],
};

/**
 * The side whose dice have the colour the reader named: the side playing that colour, else the
 * one side (of two) whose colour it borders; null when it borders both or neither.
 */
export function sideOfColour(name: string, colours: readonly [string, string]): Side | null {
  const own = colours.indexOf(name);
  if (own >= 0) return own as Side;
  const near = ([0, 1] as const).filter((k) => NEIGHBOURS[colours[k]]?.includes(name));
  return near.length === 1 ? near[0] : null;
}

export type DuelSeen = { ok: true; observed: HuhObservation } | { ok: false; reason: Text };

const PLACE_SET = new Set<string>(PLACES);

/** "auf b4" / "im Startbereich der Hölle", where a die lies. */
function where(p: Place): Text {
  const n = placeName(p);
  return isField(p) ? tx(`auf ${n.de}`, `on ${n.en}`) : tx(`im ${n.de}`, `in ${n.en}`);
}

const colourWord = (name: string): Text => DIE_COLOURS[name] ?? tx(name, name);

/** Whose die the colour says, and the words for the sides' colours ("Himmel spielt Weiß, Hölle Rot"). */
function sidesSay(colours: readonly [string, string]): Text {
  const [a, b] = colours.map(colourWord);
  return tx(`Himmel spielt ${a.de}, Hölle ${b.de}`, `Himmel plays ${a.en}, Hölle ${b.en}`);
}

/**
 * The dice on the duel board as the engine's observation: every die on a field or in a start area
 * with its side (by colour) and pips. Dice off the board are none of the referee's business. A die
 * that cannot be read, read two ways, or of neither side's colour stops the whole observation,
 * named by where it lies: a guess could play a wrong move.
 */
export function duelObservation(reading: Reading, colours: readonly [string, string]): DuelSeen {
  const problems: Text[] = [];
  const dice: HuhDie[] = [];
  for (const group of oneDieEach(reading.dice.filter((d) => d.field !== undefined && PLACE_SET.has(d.field)))) {
    const at = group[0].field as Place;
    const w = where(at);
    const unreadable = group.find((d) => d.value === null);
    const values = [...new Set(group.map((d) => d.value))];
    const bodies = [...new Set(group.map((d) => d.body.name))];
    if (unreadable) {
      const why = UNREADABLE[unreadable.unreadable ?? 'unsure'];
      problems.push(tx(`Der Würfel ${w.de} ist nicht zu lesen: ${why.de}.`, `The die ${w.en} cannot be read: ${why.en}.`));
    } else if (values.length > 1) {
      problems.push(tx(`Der Würfel ${w.de} ist nicht eindeutig: als ${values.join(' und als ')} gelesen.`, `The die ${w.en} is ambiguous: read as ${values.join(' and as ')}.`));
    } else {
      const sides = [...new Set(bodies.map((b) => sideOfColour(b, colours)))];
      if (sides.length !== 1 || sides[0] === null) {
        const seen = bodies.map(colourWord);
        problems.push(
          tx(
            `Der Würfel ${w.de} ist ${seen.map((c) => c.de).join(' oder ')}: nicht zu sagen, wem er gehört (${sidesSay(colours).de}).`,
            `The die ${w.en} is ${seen.map((c) => c.en).join(' or ')}: whose it is cannot be told (${sidesSay(colours).en}).`,
          ),
        );
      } else dice.push({ side: sides[0], at, pips: values[0]! });
    }
  }
  if (problems.length > 0) return { ok: false, reason: join(problems) };
  return { ok: true, observed: { dice } };
}

/**
 * At the start of a game every die waits in its start area: there the colours are checked, so a
 * table whose dice are the other way round (or of another colour) is told at once, not at the
 * first move. Null when the start areas hold what the chosen colours say.
 */
export function coloursAtStart(s: HuhState, observed: HuhObservation, colours: readonly [string, string]): Text | null {
  if (s.dice.some((d) => isField(d.at))) return null;
  for (const side of [0, 1] as const) {
    const area: Place = side === 0 ? 'start-himmel' : 'start-hoelle';
    const here = observed.dice.filter((d) => d.at === area);
    const wrong = here.filter((d) => d.side !== side).length;
    if (wrong === 0) continue;
    const c = colourWord(colours[side]);
    const of = side === 0 ? tx('des Himmels', "Himmel's") : tx('der Hölle', "Hölle's");
    return tx(
      `Im Startbereich ${of.de} liegen ${here.length - wrong} Würfel in ${c.de} und ${wrong} der anderen Seite: stimmen die Farben? ${sidesSay(colours).de}.`,
      `${of.en} start area holds ${here.length - wrong} ${c.en} dice and ${wrong} of the other side: are the colours right? ${sidesSay(colours).en}.`,
    );
  }
  return null;
}

/** The dice as one line under the video: "Himmel: a1 6, b2 5 · Hölle: …". */
export function seenLine(observed: HuhObservation): Text {
  const part = (side: Side) => {
    const mine = observed.dice.filter((d) => d.side === side);
    const on = mine.filter((d) => isField(d.at)).map((d) => `${d.at} ${d.pips}`);
    const start = mine.filter((d) => !isField(d.at));
    const home = (lang: 'de' | 'en') => (start.length > 0 ? [lang === 'de' ? `${start.length} im Bereich` : `${start.length} in areas`] : []);
    return tx(`${SIDE_NAME[side].de}: ${[...on, ...home('de')].join(', ')}`, `${SIDE_NAME[side].en}: ${[...on, ...home('en')].join(', ')}`);
  };
  return join([part(0), part(1)], ' · ');
}
