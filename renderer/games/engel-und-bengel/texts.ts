import type { Text } from '../../../engine/core/contract.ts';
import type { DurchgangEnd, EubMove, EubState, RowScore, TurnEndReason } from '../../../engine/engel-und-bengel/state.ts';
import { count, join, tx } from '../../i18n/text.ts';
import { boxName, scoreText, signed } from './names.ts';

const DIE = { de: 'Würfel', en: 'die' };
const DICE = { de: 'Würfel', en: 'dice' };
/** "1 Würfel" / "1 die", "3 Würfel" / "3 dice". */
export const dice = (n: number): Text => count(n, DIE, DICE);

/** A number typed that no die shows. */
export const notADie = (v: number): Text => ({ de: `Ein Würfel zeigt 1 bis 6, nicht ${v}.`, en: `A die shows 1 to 6, not ${v}.` });

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

/**
 * What moves did, in words, with every row they scored: "gewürfelt 6 6 5 5 4; gelegt 4 in Reihe 1,
 * Kästchen 2; 3 in Reihe 1, Kästchen 3. Anna kassiert 50 für die weiße Reihe 1: +50."
 */
export function playedText(moves: readonly EubMove[], scored: readonly RowScore[], name: (seat: number) => string): Text {
  const said: Text[] = [];
  for (const m of moves) if (m.type === 'roll') said.push(tx(`gewürfelt ${m.values.join(' ')}`, `rolled ${m.values.join(' ')}`));
  const placed = moves.flatMap((m) => (m.type === 'place' ? [{ de: `${m.value} in ${boxName(m.box).de}`, en: `${m.value} in ${boxName(m.box).en}` }] : []));
  if (placed.length) said.push(join([tx('gelegt', 'placed'), join(placed, '; ')]));
  const rows = scored.map((s) => {
    const row = scoreText(s, name(s.seat));
    return tx(`${row.de}: ${signed(s.delta)}.`, `${row.en}: ${signed(s.delta)}.`);
  });
  const done = join(said, '; ');
  return join([...(said.length ? [tx(`${done.de}.`, `${done.en}.`)] : []), ...rows]);
}
