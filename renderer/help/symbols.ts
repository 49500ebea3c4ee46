import type { Text } from '../../engine/core/contract.ts';
import type { IconName } from '../components/icons.ts';

/**
 * What each mark on a game's screen board means: shown as a key beside the board and in the help,
 * never only in a tooltip (a finger on a touch screen cannot hover). `sample` is drawn as it
 * appears on the board: a glyph, an icon, or a swatch of one of the board's colours.
 */
export interface SymbolEntry {
  sample: { glyph: string; struck?: boolean } | { icon: IconName } | { swatch: 'legal' | 'chosen' | 'attack' | 'current' | 'himmel' | 'hoelle' };
  meaning: Text;
  /** Which mark it is, where a board shows only the marks it uses (a Tafel's key). */
  kind?: string;
}

const tx = (de: string, en: string): Text => ({ de, en });

export const SYMBOLS: Record<string, SymbolEntry[]> = {
  'engel-und-bengel': [
    { sample: { glyph: '⚃' }, meaning: tx('graue Augen im Kästchen: genau diese Zahl', 'grey pips in a box: exactly this number'), kind: 'value' },
    { sample: { glyph: '★' }, meaning: tx('beliebige Zahl', 'any number'), kind: 'any' },
    { sample: { glyph: '=1' }, meaning: tx('dieselbe Zahl wie Kästchen 1 der Reihe', 'the same number as box 1 of the row'), kind: 'same' },
    { sample: { glyph: '≠1' }, meaning: tx('eine andere Zahl als Kästchen 1 der Reihe', 'a number other than box 1 of the row'), kind: 'different' },
    { sample: { glyph: '+1' }, meaning: tx('eins mehr als das Kästchen davor', 'one more than the box before'), kind: 'up' },
    { sample: { glyph: '−1' }, meaning: tx('eins weniger als das Kästchen davor', 'one less than the box before'), kind: 'down' },
    { sample: { glyph: '+50' }, meaning: tx('weiße Reihe: wer sie vollendet, bekommt die Punkte', 'white row: whoever completes it gets the points'), kind: 'white' },
    { sample: { glyph: '−20' }, meaning: tx('schwarze Reihe: wer sie vollendet, zahlt die Punkte', 'black row: whoever completes it pays the points'), kind: 'black' },
    { sample: { swatch: 'legal' }, meaning: tx('blau: ein gewürfelter Wert darf hierher', 'blue: a rolled value may go here'), kind: 'legal' },
  ],
  'himmel-und-hoelle': [
    { sample: { swatch: 'himmel' }, meaning: tx('Würfel des Himmels', "Himmel's die") },
    { sample: { swatch: 'hoelle' }, meaning: tx('Würfel der Hölle', "Hölle's die") },
    { sample: { swatch: 'legal' }, meaning: tx('blau: der gewählte Würfel erreicht dieses Feld', 'blue: the chosen die reaches this field') },
    { sample: { swatch: 'attack' }, meaning: tx('rot: Angriff auf einen gegnerischen Würfel', 'red: an attack on an enemy die') },
    { sample: { glyph: '2 AP' }, meaning: tx('kostet so viele Aktionspunkte', 'costs this many action points') },
    { sample: { glyph: '−1' }, meaning: tx('so viele Augen verliert der Würfel (freie Bewegung)', 'the die loses this many pips (free movement)') },
    { sample: { icon: 'sword' }, meaning: tx('Angriff', 'attack') },
  ],
  plus: [
    { sample: { swatch: 'current' }, meaning: tx('umrandet: so liegt der Würfel', 'outlined: how the die lies') },
    { sample: { swatch: 'legal' }, meaning: tx('blau: ein erlaubter Zug dreht den Würfel hierhin (nur mit „Erlaubte Züge zeigen“)', 'blue: a legal move turns the die here (only with “Show legal moves”)') },
    { sample: { swatch: 'chosen' }, meaning: tx('gelb: getippter Zug', 'yellow: the tapped move') },
    { sample: { icon: 'star' }, meaning: tx('Tipp des Lösers: dieser Zug hält den Sieg', "the solver's hint: this move keeps the win") },
  ],
  diabolo: [
    { sample: { icon: 'devil' }, meaning: tx('Teufelsseite (links): Summe der Teufelskarten', 'devil side (left): sum of the devil cards') },
    { sample: { icon: 'angel' }, meaning: tx('Engelsseite (rechts): Summe der Engelkarten', 'angel side (right): sum of the angel cards') },
    { sample: { icon: 'lock' }, meaning: tx('Reihe gesperrt (5 Karten)', 'row locked (5 cards)') },
    { sample: { glyph: '3/4' }, meaning: tx('beim Eintippen: noch nicht gesehene Karten dieses Werts / alle im Spiel', 'when entering: cards of this value not yet seen / all in the game') },
    { sample: { glyph: 'Σ12 ×2' }, meaning: tx('Summe der gezeigten Karten; ×2: Doppler angesagt', 'sum of the cards shown; ×2: Doppler announced') },
  ],
  'himmel-a-und-zwirn': [
    { sample: { glyph: '▼' }, meaning: tx('der Marker: diesen Stapel nimmt, wer nicht legen kann oder will', 'the marker: whoever cannot or will not play takes this pile') },
    { sample: { glyph: '+1' }, meaning: tx('auf der Zielkarte: so oft wurde sie erhöht', 'on a target card: how often it was raised') },
    { sample: { glyph: '3 < … < 40' }, meaning: tx('was auf den Stapel passt: größer als die oberste Karte, kleiner als die Zielkarte', 'what fits the pile: above its top card, below its target') },
    { sample: { glyph: '12', struck: true }, meaning: tx('durchgestrichen: diese Zahl liegt schon offen', 'struck through: this number already lies face up') },
  ],
};
