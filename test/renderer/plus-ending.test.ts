import { describe, expect, it } from 'vitest';
import { plus, type PlusState } from '../../engine/plus/game.ts';
import { render } from '../../engine/core/text.ts';
import { endRanking } from '../../renderer/games/plus/sheet.ts';

/** The Plus end screen's ranking and result with three players (issue 60): drawn from the engine's outcome. */
const end = (winner: string) =>
  [{ III: 1, IV: 3, V: 2 }, { III: 5, IV: 3, V: 2 }, { III: 5, IV: 3, V: 8 }].reduce((s, to) => plus.play(s, { to }), plus.setup({ players: 3, winner } as never) as PlusState);
const names = ['Anna', 'Ben', 'Cem'];

describe('Plus end screen with three players', () => {
  it('last-move: the one who made the last Plus first, the loser last, the other between', () => {
    const o = plus.outcome(end('last-move'))!;
    expect(endRanking(o, 3, (p) => names[p], 'verloren')).toEqual([
      { seat: 2, name: 'Cem', score: '', place: 1 },
      { seat: 1, name: 'Ben', score: '', place: 2 },
      { seat: 0, name: 'Anna', score: 'verloren', place: 3 },
    ]);
    expect(render(o.reason, 'de', (ref) => names[Number(ref.split(':')[1])])).toBe('Kein höheres Plus möglich: Anna hat verloren; Cem hat das letzte Plus gelegt und gewinnt.');
  });

  it('all-others: both others share the first place', () => {
    const o = plus.outcome(end('all-others'))!;
    expect(endRanking(o, 3, (p) => names[p], 'lost').map((r) => [r.name, r.place])).toEqual([
      ['Ben', 1],
      ['Cem', 1],
      ['Anna', 3],
    ]);
  });
});
