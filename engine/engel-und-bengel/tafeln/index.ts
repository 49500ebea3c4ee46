import { parseTafel, type Tafel } from '../tafel.ts';
import t01 from './schiri-01.json';
import t02 from './schiri-02.json';
import t03 from './schiri-03.json';
import t04 from './schiri-04.json';
import t05 from './schiri-05.json';
import t06 from './schiri-06.json';
import t07 from './schiri-07.json';
import t08 from './schiri-08.json';
import t09 from './schiri-09.json';
import t10 from './schiri-10.json';
import t11 from './schiri-11.json';
import t12 from './schiri-12.json';
import t13 from './schiri-13.json';
import t14 from './schiri-14.json';
import t15 from './schiri-15.json';
import t16 from './schiri-16.json';

/**
 * The 16 Tafeln the app ships: the project's own designs in the spirit of the game (the printed
 * originals are not public). Each is checked on load like any user file, so a broken edit here
 * fails at start-up with the Tafel, row and box at fault.
 */
export const SHIPPED_TAFELN: readonly Tafel[] = [
  t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15, t16
].map((t) => parseTafel(t, 'Tafel'));
