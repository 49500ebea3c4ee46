import type { Text } from '../../engine/core/contract.ts';
import type { Colour } from '../../engine/diabolo/cards.ts';
import type { LedMeaning } from '../../hardware/core/intent.ts';
import { colourText } from '../games/diabolo/colours.ts';
import { boxName } from '../games/engel-und-bengel/names.ts';
import { MEANING_TEXT } from './meanings.ts';

/** A field as the virtual board shows it: a short caption on the cell, the full name for screen readers. */
export interface FieldName {
  short: Text;
  name: Text;
}

/**
 * How a game's virtual LED board is drawn so that it looks like the game's board on screen: which
 * way up, what each lit colour means in this game (only the meanings the game lights), and what
 * each field is called at the table.
 */
export interface BoardView {
  /** The layout's first row is drawn at the bottom: the game screen has it there. */
  upsideDown: boolean;
  legend: Partial<Record<LedMeaning, Text>>;
  field(id: string): FieldName;
}

const same = (s: string): Text => ({ de: s, en: s });
const plain = (id: string): FieldName => ({ short: same(id), name: same(id) });

const DIABOLO_SIDE: Record<string, { short: Text; name: Text }> = {
  devil: { short: { de: 'T', en: 'D' }, name: { de: 'Teufel', en: 'devil' } },
  angel: { short: { de: 'E', en: 'A' }, name: { de: 'Engel', en: 'angel' } },
};

export const VIEWS: Record<string, BoardView> = {
  'engel-und-bengel': {
    upsideDown: false,
    legend: { legal: { de: 'ein gewürfelter Wert darf hierher', en: 'a rolled value may go here' } },
    field(id) {
      const m = /^r(\d+)b(\d+)$/.exec(id);
      return m ? { short: same(`${m[1]}·${m[2]}`), name: boxName(id) } : plain(id);
    },
  },
  // The screen draws Himmel's start nearest the viewer (row 1 at the bottom); the layout lists it first.
  'himmel-und-hoelle': {
    upsideDown: true,
    legend: {
      selected: { de: 'gewählter Würfel', en: 'the chosen die' },
      legal: { de: 'erreichbar in diesem Zug', en: 'reachable this turn' },
      computer: { de: 'Zug des Computers: von hier nach dort', en: "the computer's move: from here to there" },
    },
    field(id) {
      if (id === 'start-himmel') return { short: { de: 'Start Himmel', en: 'Himmel start' }, name: { de: 'Start Himmel · Ziel Hölle', en: 'Himmel start · Hölle goal' } };
      if (id === 'start-hoelle') return { short: { de: 'Start Hölle', en: 'Hölle start' }, name: { de: 'Start Hölle · Ziel Himmel', en: 'Hölle start · Himmel goal' } };
      return { short: same(id), name: { de: `Feld ${id}`, en: `field ${id}` } };
    },
  },
  plus: {
    upsideDown: false,
    legend: {
      selected: { de: 'wie die Würfel liegen, und der getippte erlaubte Zug', en: 'how the dice lie, and the tapped legal move' },
      legal: { de: 'eine Seite, auf die ein erlaubter Zug dreht', en: 'a face a legal move turns to' },
      illegal: { de: 'getippter Zug, nicht erlaubt', en: 'tapped move, not allowed' },
    },
    field(id) {
      const [die, face] = id.split('.');
      if (!face) return { short: same(die), name: { de: `Würfel ${die}`, en: `die ${die}` } };
      return { short: same(face), name: { de: `Würfel ${die}, Seite ${face}`, en: `die ${die}, face ${face}` } };
    },
  },
  diabolo: {
    upsideDown: false,
    legend: {
      legal: { de: 'hier darf die nächste Karte liegen', en: 'the next card may go here' },
      selected: { de: 'gewählter Platz; beim Werten die gewertete Farbe', en: 'the chosen place; while scoring, the colour scored' },
      illegal: { de: 'Reihe gesperrt', en: 'row locked' },
    },
    field(id) {
      const [c, side, k] = id.split('.');
      const colour = colourText(c as Colour);
      if (side === 'lock') return { short: colour, name: { de: `${colour.de}: Sperre`, en: `${colour.en}: lock` } };
      const s = DIABOLO_SIDE[side];
      if (!s) return plain(id);
      return { short: { de: `${s.short.de}${k}`, en: `${s.short.en}${k}` }, name: { de: `${colour.de}, ${s.name.de} ${k}`, en: `${colour.en}, ${s.name.en} ${k}` } };
    },
  },
  'himmel-a-und-zwirn': {
    upsideDown: false,
    legend: {
      selected: { de: 'der Marker; eine fällige Zielkarte', en: 'the marker; a target card that is due' },
      legal: { de: 'hierher darf die Karte', en: 'the card may go here' },
    },
    field(id) {
      const m = /^(marker|target|pile)([12])$/.exec(id);
      if (!m) return plain(id);
      const words: Record<string, Text> = { marker: { de: 'Marker', en: 'Marker' }, target: { de: 'Zielkarte', en: 'Target' }, pile: { de: 'Stapel', en: 'Pile' } };
      const name = { de: `${words[m[1]].de} ${m[2]}`, en: `${words[m[1]].en} ${m[2]}` };
      return { short: name, name };
    },
  },
};

/** A layout no game view knows (a user's own file): drawn as it is, ids as captions, every meaning. */
export const PLAIN_VIEW: BoardView = {
  upsideDown: false,
  legend: MEANING_TEXT,
  field: plain,
};
