import { describe, expect, it } from 'vitest';
import { scoreText, takenBack } from '../../renderer/games/engel-und-bengel/names.ts';

const row = (colour: 'white' | 'black', points: number, delta: number) => ({ durchgang: 1, seat: 1, row: 6, colour, points, delta });

describe('Engel und Bengel says a scored row and a take-back in words (issue 64)', () => {
  it('a white row collects, a black row pays, and a black row that costs less says why', () => {
    expect(scoreText(row('white', 50, 50), 'Anna').de).toBe('Anna kassiert 50 für die weiße Reihe 6');
    expect(scoreText(row('black', 30, -30), 'Ben').de).toBe('Ben zahlt 30 für die schwarze Reihe 6');
    // "Ben: schwarze Reihe 6 0" said nothing of why.
    expect(scoreText(row('black', 30, 0), 'Ben')).toEqual({
      de: 'Ben zahlt nichts für die schwarze Reihe 6: keine Punkte mehr (unter 0 geht es nicht; die Reihe kostet 30)',
      en: 'Ben pays nothing for black row 6: no points left (never below 0; the row costs 30)',
    });
    expect(scoreText(row('black', 30, -10), 'Ben').de).toBe('Ben zahlt 10 für die schwarze Reihe 6: alles, was noch da war (unter 0 geht es nicht; die Reihe kostet 30)');
  });

  it('an undo names the roll, the die and its box, or the stop it took back', () => {
    expect(takenBack({ type: 'roll', values: [1, 2, 3, 4, 4] }).de).toBe('Zurückgenommen: der Wurf 1 2 3 4 4.');
    expect(takenBack({ type: 'place', value: 4, box: 'r1b2' })).toEqual({ de: 'Zurückgenommen: die 4 in Reihe 1, Kästchen 2.', en: 'Taken back: the 4 in row 1, box 2.' });
    expect(takenBack({ type: 'stop' }).en).toBe('Taken back: the stop; the turn goes on.');
  });
});
