import type { Text } from '../../../engine/core/contract.ts';
import type { DurchgangEnd, EubState, TurnEndReason } from '../../../engine/engel-und-bengel/state.ts';
import { count } from '../../i18n/text.ts';

const DIE = { de: 'Würfel', en: 'die' };
const DICE = { de: 'Würfel', en: 'dice' };
/** "1 Würfel" / "1 die", "3 Würfel" / "3 dice". */
export const dice = (n: number): Text => count(n, DIE, DICE);

/** How a turn ended, said with the player's name. */
export function turnEndText(reason: TurnEndReason, n: string, returned: number, lost: number): Text {
  const back = dice(returned);
  switch (reason) {
    case 'stop':
      return { de: `${n} hat aufgehört (${back.de} zurück in den Vorrat).`, en: `${n} stopped (${back.en} back to the supply).` };
    case 'no-fit':
      return lost > 0
        ? { de: `${n}: Kein Würfel passte, Zug vorbei; ${dice(lost).de} ${lost === 1 ? 'ist' : 'sind'} aus dem Spiel.`, en: `${n}: no die fitted, turn over; ${dice(lost).en} ${lost === 1 ? 'is' : 'are'} out of play.` }
        : { de: `${n}: Kein Würfel passte, Zug vorbei (${back.de} zurück in den Vorrat).`, en: `${n}: no die fitted, turn over (${back.en} back to the supply).` };
    case 'all-placed':
      return { de: `${n} hat alle Würfel des Zuges gelegt.`, en: `${n} placed every die of the turn.` };
    case 'tafel-full':
      return { de: `${n} hat das letzte Kästchen belegt.`, en: `${n} filled the last box.` };
    case 'blocked':
      return { de: `Nach dem Zug von ${n} passt nirgends mehr ein Würfel.`, en: `After ${n}'s turn no die can be placed anywhere.` };
    case 'out-of-dice':
      return { de: `Nach dem Zug von ${n} hat niemand mehr Würfel.`, en: `After ${n}'s turn nobody has dice left.` };
  }
}

export const endedText = (ended: DurchgangEnd): Text =>
  ended === 'full' ? { de: 'Tafel voll', en: 'Tafel full' } : ended === 'blocked' ? { de: 'nichts passt mehr', en: 'nothing fits any more' } : { de: 'keine Würfel mehr', en: 'no dice left' };

/** A Tafel of the game's stack by id, by its name. */
export function tafelName(s: EubState, id: string): Text {
  return s.stack.find((x) => x.id === id)?.name ?? { de: id, en: id };
}
