import type { OptionSpec, Options } from '../core/contract.ts';
import { seedOption, viewOption } from '../core/options.ts';
import type { DiaboloRules } from './state.ts';

/** The most rounds a table may choose to play. */
export const ROUND_LIMIT = 20;

/** The game's options; those marked `interpretation` are the marked interpretations of ../shared/rules (docs/card-games.md). */
export const OPTIONS: OptionSpec[] = [
  { key: 'players', type: 'integer', default: 4, min: 3, max: 5, label: { de: 'Spieler', en: 'Players' } },
  viewOption,
  seedOption({ de: 'Nur in der Simulation: bestimmt, wie gemischt wird.', en: 'Simulation only: decides the shuffles.' }),
  {
    key: 'doppler',
    type: 'enum',
    default: 'aloud',
    interpretation: true,
    values: [
      { value: 'aloud', label: { de: 'Laut angesagt, reihum vom Ersten der Runde', en: 'Announced aloud, in turn from the round’s first player' } },
      { value: 'hidden', label: { de: 'Geheim gewählt, alle zugleich', en: 'Chosen in secret, all at once' } },
    ],
    label: { de: 'Doppler ansagen', en: 'Announcing the Doppler' },
    help: {
      de: 'Laut: vor dem Aufdecken sagt jeder reihum an, ob er doppelt. Geheim: alle legen ihre Wahl verdeckt hin und decken zugleich auf. Schiri fragt in beiden Fällen nur, wer gedoppelt hat.\n\nDie Anleitung: „Die Ansage muss laut erfolgen“, „vor dem Aufdecken laut angesagt“. Geheim ist eine Hausregel.',
      en: 'Aloud: before revealing, each says in turn whether they double. Secret: everyone lays their choice face down and all show at once. Either way Schiri asks only who doubled.\n\nThe rules: "Die Ansage muss laut erfolgen", "vor dem Aufdecken laut angesagt". Secret is a house rule.',
    },
  },
  {
    key: 'colourOrder',
    type: 'enum',
    default: 'fixed',
    interpretation: true,
    values: [
      { value: 'fixed', label: { de: 'Farbe für Farbe in der Reihenfolge der Reihen', en: 'Colour by colour in the order of the rows' } },
      { value: 'chosen', label: { de: 'Der Erste der Runde wählt die nächste Farbe', en: 'The round’s first player picks the next colour' } },
    ],
    label: { de: 'Reihenfolge der Wertung', en: 'Order of the scoring' },
    help: {
      de: 'Fest: die Farben werden in der Reihenfolge der Reihen gewertet. Gewählt: der Erste der Runde sucht die nächste Farbe aus; so weiß er mehr, bevor er den Doppler ansagt.\n\nDie Anleitung wertet jede Reihe einzeln, sagt aber nicht, in welcher Reihenfolge.',
      en: 'Fixed: the colours are scored in the order of the rows. Chosen: the round\'s first player picks the next colour, and so knows more before announcing the Doppler.\n\nThe rules score each row on its own but do not say in which order.',
    },
  },
  {
    key: 'entry',
    type: 'enum',
    default: 'highest',
    values: [
      { value: 'highest', label: { de: 'Nur die höchste Summe und wer sie hat', en: 'Only the highest sum and who holds it' } },
      { value: 'every-sum', label: { de: 'Die Summe jedes Spielers', en: 'Every player’s sum' } },
    ],
    label: { de: 'Handsummen eingeben', en: 'Entering hand sums' },
  },
  {
    key: 'gameEnd',
    type: 'enum',
    default: 'each-deals',
    interpretation: true,
    values: [
      { value: 'each-deals', label: { de: 'Jeder gibt einmal: so viele Runden wie Spieler', en: 'Everyone deals once: as many rounds as players' } },
      { value: 'rounds', label: { de: 'Eine feste Zahl von Runden', en: 'A fixed number of rounds' } },
    ],
    label: { de: 'Spielende', en: 'End of the game' },
    help: {
      de: 'Wie lange ihr spielt: jeder gibt einmal (so viele Runden wie Spieler), eine feste Zahl von Runden, oder bis jemand eine Punktzahl erreicht. Wer dann die meisten Punkte hat, gewinnt.\n\nDie Anleitung sagt nicht, wann das Spiel endet, nur dass der Geber jede Runde wechselt.',
      en: 'How long you play: everyone deals once (as many rounds as players), a fixed number of rounds, or until somebody reaches a score. Who then has the most points wins.\n\nThe rules do not say when the game ends, only that the dealer changes every round.',
    },
  },
  {
    key: 'endRounds',
    type: 'integer',
    default: 5,
    min: 1,
    max: ROUND_LIMIT,
    interpretation: true,
    onlyWith: { key: 'gameEnd', value: 'rounds' },
    label: { de: 'Runden', en: 'Rounds' },
    help: { de: 'Bei einer festen Zahl von Runden: so viele werden gespielt.', en: 'With a fixed number of rounds: this many are played.' },
  },
  {
    key: 'emptyDrawPile',
    type: 'enum',
    default: 'skip-draw',
    interpretation: true,
    values: [
      { value: 'skip-draw', label: { de: 'Ohne Ziehen weiterspielen', en: 'Skip the draw, play on' } },
      { value: 'end-round', label: { de: 'Runde endet', en: 'The round ends' } },
    ],
    label: { de: 'Leerer Nachziehstapel', en: 'Empty draw pile' },
    moot: {
      de: 'Der Nachziehstapel reicht in jedem regelgerechten Spiel für die Runde (docs/card-games.md); die Regel kommt nie zum Tragen.',
      en: 'The draw pile lasts the round in every legal game (docs/card-games.md); the rule never comes into play.',
    },
  },
];

/** The rules one game is played by, from its resolved options. */
export function toRules(o: Options): DiaboloRules {
  return {
    emptyDrawPile: o.emptyDrawPile as DiaboloRules['emptyDrawPile'],
    doppler: o.doppler as DiaboloRules['doppler'],
    colourOrder: o.colourOrder as DiaboloRules['colourOrder'],
    entry: o.entry as DiaboloRules['entry'],
    gameEnd: o.gameEnd as DiaboloRules['gameEnd'],
    endRounds: o.endRounds as number,
  };
}

/** The rounds a game lasts under these rules. */
export function roundsOf(rules: DiaboloRules, players: number): number {
  return rules.gameEnd === 'each-deals' ? players : rules.endRounds;
}
