import type { OptionSpec, Options } from '../core/contract.ts';
import type { BoardRules } from './board.ts';

/** Every marked interpretation of ../shared/rules/himmel-und-hoelle.md, resolved for one game. */
export interface HuhRules extends BoardRules {
  /** 'six': every die starts on 6; 'chosen': each player sets the five start values first. */
  startValues: 'six' | 'chosen';
  /** Which dice on the 30 fields give a player action points: their own, or every die. */
  apFrom: 'own' | 'all';
  /** A turn gives at least one AP. */
  minOneAp: boolean;
  /** Unspent AP carry over to the player's next turn instead of being lost. */
  carryAp: boolean;
  /** Equal pips in the goal: a draw, or a win for the player who brought the third die home. */
  equalPips: 'draw' | 'finisher';
  /** The winner of a battle may leave the free AP unused. */
  freeApOptional: boolean;
  /** A field holds one die (true), or own dice may share one (false). */
  oneDiePerField: boolean;
  /** Lowering may pay for the step of an attack (the attacker does not move, so by default it may not). */
  attackWithPips: boolean;
  /**
   * What the battle's free AP buys: a push or an own raise (the rules text), or any action an AP
   * buys, on a die of either side (the seed's words read literally).
   */
  freeAp: 'push-or-raise' | 'any-action';
  /** A stalled game: the third time a position begins a turn, the game ends ('third-repetition'), or play goes on. */
  repetition: 'third-repetition' | 'play-on';
  /**
   * When a turn read from the camera ends with AP left: when the board shows it (the other side
   * moves; against the computer, the board lies still), or only by a tap on "end the turn".
   */
  cameraTurnEnd: 'board' | 'tap';
}

/** How long the board lies still, against the computer, before a camera turn with AP left ends (`cameraTurnEnd: 'board'`). */
export const STILL_TURN_END_S = 10;

export const OPTIONS: OptionSpec[] = [
  {
    key: 'startValues',
    type: 'enum',
    default: 'six',
    interpretation: true,
    values: [
      { value: 'six', label: { de: 'alle Würfel starten mit 6', en: 'every die starts on 6' } },
      { value: 'chosen', label: { de: 'jeder stellt seine Startwerte selbst ein', en: 'each player sets their own start values' } },
    ],
    label: { de: 'Startwerte', en: 'Start values' },
  },
  {
    key: 'apFrom',
    type: 'enum',
    default: 'own',
    interpretation: true,
    values: [
      { value: 'own', label: { de: 'eigene Würfel auf dem Plan', en: 'own dice on the board' } },
      { value: 'all', label: { de: 'alle Würfel auf dem Plan', en: 'all dice on the board' } },
    ],
    label: { de: 'Aktionspunkte zählen', en: 'Action points count' },
  },
  {
    key: 'minOneAp',
    type: 'boolean',
    default: true,
    interpretation: true,
    label: { de: 'Jeder Zug gibt mindestens 1 AP', en: 'Every turn gives at least 1 AP' },
  },
  {
    key: 'carryAp',
    type: 'boolean',
    default: false,
    interpretation: true,
    label: { de: 'Übrige AP in den nächsten Zug mitnehmen', en: 'Carry unspent AP into the next turn' },
    help: { de: 'Aus: übrige AP verfallen am Zugende.', en: 'Off: unspent AP are lost at the end of the turn.' },
  },
  {
    key: 'enterAnyColumn',
    type: 'boolean',
    default: true,
    interpretation: true,
    label: { de: 'Vom Startbereich in jedes Feld der ersten Reihe', en: 'From a start area into any field of the first row' },
    help: {
      de: 'Aus: Start- und Zielbereich grenzen nur an die mittlere Spalte (b).',
      en: 'Off: start and goal areas border only the middle column (b).',
    },
  },
  {
    key: 'goalFinal',
    type: 'boolean',
    default: true,
    interpretation: true,
    label: { de: 'Würfel im Ziel bleiben dort', en: 'Dice in the goal stay there' },
    help: { de: 'Aus: ein Würfel darf aus dem Ziel zurück auf die letzte Reihe.', en: 'Off: a die may step back out of the goal onto the far row.' },
  },
  {
    key: 'returnToStart',
    type: 'boolean',
    default: false,
    interpretation: true,
    label: { de: 'Zurück in den eigenen Startbereich erlaubt', en: 'Stepping back into the own start area allowed' },
  },
  {
    key: 'equalPips',
    type: 'enum',
    default: 'draw',
    interpretation: true,
    values: [
      { value: 'draw', label: { de: 'unentschieden', en: 'a draw' } },
      { value: 'finisher', label: { de: 'gewonnen hat, wer den dritten Würfel ins Ziel brachte', en: 'won by who brought the third die home' } },
    ],
    label: { de: 'Gleich viele Augen im Ziel', en: 'Equal pips in the goal' },
  },
  {
    key: 'freeApOptional',
    type: 'boolean',
    default: true,
    interpretation: true,
    label: { de: 'Freier AP nach dem Kampf darf verfallen', en: 'The free AP after a battle may go unused' },
    help: {
      de: 'Aus: der Sieger muss ihn nutzen, wenn er kann.',
      en: 'Off: the winner must use it where possible.',
    },
  },
  {
    key: 'oneDiePerField',
    type: 'boolean',
    default: true,
    interpretation: true,
    label: { de: 'Ein Feld hält nur einen Würfel', en: 'A field holds one die' },
    help: {
      de: 'Aus: eigene Würfel dürfen sich ein Feld teilen; greift man es an, verteidigt der Würfel mit den meisten Augen.',
      en: 'Off: own dice may share a field; when it is attacked, the die with the most pips defends.',
    },
  },
  {
    key: 'attackWithPips',
    type: 'boolean',
    default: false,
    interpretation: true,
    label: { de: 'Angriff durch Senken bezahlen', en: 'Pay an attack by lowering' },
    help: {
      de: 'Aus: ein Angriff kostet 1 AP, denn der Angreifer zieht nicht, und Senken bezahlt nur Bewegung. An: ein starker Würfel kann einen schwachen ohne Ende angreifen (Senken, Sieg +1, freier AP).',
      en: 'Off: an attack costs 1 AP, since the attacker does not move and lowering pays only for movement. On: a strong die can attack a weak one without end (lower, win +1, free AP).',
    },
  },
  {
    key: 'freeAp',
    type: 'enum',
    default: 'push-or-raise',
    interpretation: true,
    values: [
      { value: 'push-or-raise', label: { de: 'einen Würfel auf ein leeres Nachbarfeld schieben oder einen eigenen erhöhen', en: 'push a die into an empty next field, or raise an own die' } },
      { value: 'any-action', label: { de: 'wie jeder AP: ziehen (auch ins Ziel oder zum Angriff) oder erhöhen, eigene und gegnerische Würfel', en: 'like any AP: a step (into the goal or an attack too) or a raise, own and enemy dice' } },
    ],
    label: { de: 'Freier AP nach dem Kampf', en: 'Free AP after a battle' },
    help: {
      de: 'Eng: mit dem freien AP einen Würfel auf ein leeres Nachbarfeld schieben oder einen eigenen um 1 erhöhen. Wie jeder AP: ein eigener Würfel darf damit auch ins Ziel ziehen oder angreifen (ein neuer Kampf), ein gegnerischer auf ein leeres Feld gezogen oder erhöht werden.\n\nDer Text: „einen gratis Aktionspunkt, den er für einen eigenen, aber auch für einen gegnerischen Würfel nutzen darf. So kann man zum Beispiel unliebsame gegnerische Würfel aus dem Weg bewegen.“ Die Regel liest das eng (schieben oder eigenen Würfel erhöhen); wörtlich ist es jede Aktion, die ein AP kauft: ein eigener Würfel darf damit auch ins Ziel ziehen oder angreifen (ein neuer Kampf), ein gegnerischer Würfel wird auf ein leeres Feld gezogen oder erhöht.',
      en: 'Narrow: with the free AP push a die into an empty next field, or raise an own die by 1. Like any AP: an own die may also step into the goal or attack (a new battle), an enemy die may be moved into an empty field or raised.\n\nThe text: "a free action point, which he may use for an own but also for an enemy die. So one can, for example, move unwelcome enemy dice out of the way." The rules read it narrowly (push, or raise an own die); read literally it is any action an AP buys: an own die may also step into the goal or attack (a new battle), an enemy die is moved into an empty field or raised.',
    },
  },
  {
    key: 'repetition',
    type: 'enum',
    default: 'third-repetition',
    interpretation: true,
    values: [
      { value: 'third-repetition', label: { de: 'beim dritten Mal endet das Spiel, die Augen im Ziel entscheiden', en: 'the third time ends the game; the pips in the goal decide' } },
      { value: 'play-on', label: { de: 'weiterspielen', en: 'play on' } },
    ],
    label: { de: 'Dieselbe Stellung kehrt wieder', en: 'The same position comes back' },
    help: {
      de: 'Beginnt dieselbe Stellung (alle Würfel, wer am Zug ist, die Karten) zum dritten Mal einen Zug, endet das Spiel: mehr Augen im Ziel gewinnen. „Weiterspielen“: das Spiel läuft, bis ihr es selbst beendet.\n\nDer Text kennt kein Ende für ein festgefahrenes Spiel. Eine volle Reihe gegnerischer Würfel kann nur ihr Besitzer öffnen, und ein Würfel am Rand kommt ohne freies Nachbarfeld nicht weiter: so können beide Seiten ewig hin- und herziehen.',
      en: 'The third time the same position (every die, whose turn, the cards) begins a turn, the game ends: more pips in the goal win. "Play on": the game runs until you end it yourselves.\n\nThe text has no end for a stalled game. A full row of enemy dice can only be opened by its owner, and a die at the edge cannot move on without an empty next field: both sides can then move back and forth for ever.',
    },
  },
  {
    key: 'cameraTurnEnd',
    type: 'enum',
    default: 'board',
    interpretation: true,
    values: [
      {
        value: 'board',
        label: {
          de: `wenn die andere Seite zieht; gegen den Computer, wenn das Brett ${STILL_TURN_END_S} s still liegt`,
          en: `when the other side moves; against the computer, when the board lies still for ${STILL_TURN_END_S} s`,
        },
      },
      { value: 'tap', label: { de: 'nur durch Antippen von „Zug beenden“', en: 'only by a tap on "End turn"' } },
    ],
    label: { de: 'Zugende mit übrigen AP (Kamera)', en: 'End of a turn with AP left (camera)' },
    help: {
      de: 'Mit übrigen AP endet ein Zug, sobald das Brett den Zug der anderen Seite zeigt (gegen den Computer: wenn das Brett still liegt); zieht danach doch noch ein Würfel, bevor die andere Seite etwas getan hat, geht der Zug weiter. „Nur durch Antippen“: wer in Ruhe nachdenken will, beendet den Zug selbst.\n\nDer Text kennt kein Zeichen für das Ende eines Zuges; übrige AP verfallen. Ein Zug, dessen AP verbraucht sind, endet mit der Kamera von selbst; der Computer kann nicht auf dem Tisch ziehen, gegen ihn zeigt nur ein stilles Brett, dass der Zug zu Ende ist.',
      en: 'With AP left a turn ends once the board shows the other side\'s turn (against the computer: when the board lies still); a die that moves after all, before the other side has done anything, carries the turn on. "Only by a tap": who wants to think in peace ends the turn themselves.\n\nThe text has no signal for the end of a turn; unused AP are lost. A turn whose AP are spent ends by itself with the camera; the computer cannot move on the table, so against it only a still board shows that the turn is over.',
    },
  },
];

export function toRules(o: Options): HuhRules {
  return {
    startValues: o.startValues as HuhRules['startValues'],
    apFrom: o.apFrom as HuhRules['apFrom'],
    minOneAp: o.minOneAp as boolean,
    carryAp: o.carryAp as boolean,
    enterAnyColumn: o.enterAnyColumn as boolean,
    goalFinal: o.goalFinal as boolean,
    returnToStart: o.returnToStart as boolean,
    equalPips: o.equalPips as HuhRules['equalPips'],
    freeApOptional: o.freeApOptional as boolean,
    oneDiePerField: o.oneDiePerField as boolean,
    attackWithPips: o.attackWithPips as boolean,
    freeAp: o.freeAp as HuhRules['freeAp'],
    repetition: o.repetition as HuhRules['repetition'],
    cameraTurnEnd: o.cameraTurnEnd as HuhRules['cameraTurnEnd'],
  };
}
