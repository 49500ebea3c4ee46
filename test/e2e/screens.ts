import type { Page } from 'playwright-core';
import { encodeLine } from '../../engine/core/record.ts';
import type { Json } from '../../engine/core/contract.ts';
import { diabolo, type DiaboloMove } from '../../engine/diabolo/game.ts';
import { lastDieRecord } from './last-die.ts';
import { duelEndRecord } from './duel-end.ts';
import { recordKey } from './storage-keys.ts';

/**
 * Every screen of the app, each reached from a fresh start the way a player gets there: the
 * layout test checks each at 1280x800 and 1024x640, and `npm run screenshots` photographs them.
 */
export interface Screen {
  name: string;
  /** Browser storage to start from (a saved game one step from its end). */
  storage?: Record<string, string>;
  /** Needs a webcam (Chromium's fake one). */
  camera?: boolean;
  go(page: Page): Promise<void>;
  /**
   * What must be on the first screen, without scrolling (test ids): the turn, the board and the
   * entry of a game in play.
   */
  inView?: string[];
}

/** A Diabolo round as tapped in: red ends with angels ahead (the round's first player holds 9), blue with devils ahead (`blue` holds the highest 7). */
function diaboloRound(starter: number, blue: number[]): DiaboloMove[] {
  const plays: [string, number, 'angel' | 'devil'][] = [
    ['c1', 5, 'angel'], ['c2', 5, 'devil'], ['c1', 4, 'angel'], ['c2', 4, 'devil'], ['c1', 3, 'angel'],
    ['c2', 3, 'devil'], ['c1', 1, 'devil'], ['c2', 1, 'angel'], ['c1', 1, 'devil'], ['c2', 2, 'angel'],
  ];
  return [
    ...plays.map(([colour, value, side]) => ({ type: 'play', colour, value, side }) as DiaboloMove),
    { type: 'doppler', seats: [] },
    { type: 'highest', sum: 9, seats: [starter] },
    { type: 'highest', sum: 7, seats: blue },
  ];
}

/** A Diabolo record of three rounds, all but the last entry (Anna holds the highest blue, 7: `finishDiabolo`). */
export function diaboloRecord(): string {
  const options = { view: 'referee', players: 3 };
  const moves = [...diaboloRound(1, [0, 2]), ...diaboloRound(2, [0, 1]), ...diaboloRound(0, [0])].slice(0, -1);
  moves.reduce((st, m) => diabolo.play(st, m), diabolo.setup(options));
  return [
    encodeLine({ kind: 'start', game: 'diabolo', options, players: ['Anna', 'Ben', 'Cem'] }),
    ...moves.map((move) => encodeLine({ kind: 'move', move: move as unknown as Json, source: 'tap' })),
  ].join('');
}

/** Resumes `diaboloRecord` and enters its last entry: the end screen. */
export async function finishDiabolo(page: Page): Promise<void> {
  await page.getByTestId('pick-diabolo').click();
  await page.getByTestId('resume').click();
  await page.getByTestId('highest-0').click();
  await page.getByTestId('sum-input').fill('7');
  await page.getByTestId('sum-ok').click();
  await page.getByTestId('end-screen').waitFor();
}

const tap = async (page: Page, ...ids: string[]) => {
  for (const id of ids) await page.getByTestId(id).click();
};

async function start(page: Page, game: string, names: string[]) {
  await page.getByTestId(`pick-${game}`).click();
  await page.getByTestId('player-0').waitFor();
  while ((await page.locator('[data-testid^="player-"]').count()) < names.length) await page.getByTestId('add-player').click();
  for (const [i, n] of names.entries()) await page.getByTestId(`player-${i}`).fill(n);
  await page.getByTestId('start').click();
}

async function eubRolled(page: Page) {
  await start(page, 'engel-und-bengel', ['Anna', 'Ben']);
  for (const v of [1, 2, 3, 4, 4]) await page.getByTestId(`value-${v}`).click();
  await page.getByTestId('confirm-roll').click();
  await page.getByTestId('hand-0').waitFor();
}

async function zwirnPlaying(page: Page) {
  await start(page, 'himmel-a-und-zwirn', ['Anna', 'Ben', 'Cem']);
  await tap(page, 'card-60', 'card-70', 'card-10', 'pile1', 'card-5', 'pile2');
  await page.getByTestId('to-move').waitFor();
}

const eubEnd = lastDieRecord();
const duelEnd = duelEndRecord();
function eubLast(): Extract<typeof eubEnd.last, { type: 'place' }> {
  if (eubEnd.last.type !== 'place') throw new Error(`the game's last move is no placement: ${eubEnd.last.type}`);
  return eubEnd.last;
}

export const SCREENS: Screen[] = [
  { name: 'games', go: async (page) => void (await page.getByTestId('pick-plus').waitFor()) },
  { name: 'engel-und-bengel-setup', go: (page) => page.getByTestId('pick-engel-und-bengel').click() },
  { name: 'engel-und-bengel', go: eubRolled, inView: ['turn-banner', 'tafel', 'hand-0'] },
  {
    name: 'engel-und-bengel-camera',
    camera: true,
    go: async (page) => {
      await eubRolled(page);
      await page.getByTestId('camera-start').click();
      await page.getByTestId('camera-stop').waitFor();
    },
    inView: ['turn-banner', 'tafel', 'hand-0', 'camera-stop'],
  },
  {
    // The teaching dialog as it opens, before a roll is read (Chromium's test pattern shows no dice).
    name: 'engel-und-bengel-teach',
    camera: true,
    go: async (page) => {
      await eubRolled(page);
      await page.getByTestId('camera-start').click();
      await page.getByTestId('camera-teach').click();
      await page.getByTestId('teach-look').waitFor();
    },
    inView: ['teach-look', 'teach-close'],
  },
  {
    name: 'engel-und-bengel-end',
    storage: { [recordKey('engel-und-bengel')]: eubEnd.record },
    go: async (page) => {
      await page.getByTestId('pick-engel-und-bengel').click();
      await page.getByTestId('resume').click();
      await page.getByTestId(`hand-${eubEnd.before.turn!.hand.indexOf(eubLast().value)}`).click();
      await page.getByTestId(`box-${eubLast().box}`).click();
      await page.getByTestId('end-screen').waitFor();
    },
    inView: ['turn-banner', 'result', 'rematch'],
  },
  {
    name: 'engel-und-bengel-editor',
    go: async (page) => {
      await page.getByTestId('pick-engel-und-bengel').click();
      await tap(page, 'open-editor', 'new-tafel');
    },
  },
  { name: 'help-rules', go: async (page) => (await eubRolled(page), await page.getByTestId('help').click()) },
  { name: 'help-symbols', go: async (page) => (await eubRolled(page), await tap(page, 'help', 'help-tab-symbols')) },
  { name: 'help-camera', go: async (page) => (await eubRolled(page), await tap(page, 'help', 'help-tab-camera')) },
  { name: 'led-board', go: (page) => page.getByTestId('led-settings').click() },
  { name: 'plus-setup', go: (page) => page.getByTestId('pick-plus').click() },
  {
    name: 'plus',
    go: async (page) => {
      await start(page, 'plus', ['Anna', 'Ben']);
      await tap(page, 'face-IV-3', 'confirm');
      await page.getByTestId('hint-toggle').check();
      await tap(page, 'face-V-4');
    },
    inView: ['turn-banner', 'dice-board', 'confirm', 'hint'],
  },
  {
    name: 'plus-end',
    go: async (page) => {
      await start(page, 'plus', ['Anna', 'Ben']);
      for (const [d, f] of [['IV', 3], ['V', 4], ['IV', 5], ['V', 6]] as const) await tap(page, `face-${d}-${f}`, 'confirm');
      await page.getByTestId('end-screen').waitFor();
    },
    inView: ['turn-banner', 'result', 'rematch'],
  },
  { name: 'himmel-und-hoelle-setup', go: (page) => page.getByTestId('pick-himmel-und-hoelle').click() },
  {
    name: 'himmel-und-hoelle',
    go: async (page) => {
      await page.getByTestId('pick-himmel-und-hoelle').click();
      await tap(page, 'start');
      await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
    },
    inView: ['to-move', 'area-start-hoelle', 'area-start-himmel', 'field-a10', 'end-turn'],
  },
  {
    name: 'himmel-und-hoelle-camera',
    camera: true,
    go: async (page) => {
      await page.getByTestId('pick-himmel-und-hoelle').click();
      await tap(page, 'start', 'camera-start');
      await page.getByTestId('camera-stop').waitFor();
    },
    inView: ['to-move', 'area-start-hoelle', 'area-start-himmel', 'end-turn', 'camera-stop'],
  },
  {
    name: 'himmel-und-hoelle-end',
    storage: duelEnd.storage,
    go: async (page) => {
      await page.getByTestId('pick-himmel-und-hoelle').click();
      await page.getByTestId('resume').click();
      await page.getByTestId('end-screen').waitFor();
    },
    inView: ['turn-banner', 'result', 'rematch'],
  },
  { name: 'diabolo-setup', go: (page) => page.getByTestId('pick-diabolo').click() },
  {
    name: 'diabolo',
    go: async (page) => {
      await start(page, 'diabolo', ['Anna', 'Ben', 'Cem']);
      await tap(page, 'c1.angel.1', 'value-5', 'c2.devil.1', 'value-4', 'c1.devil.1');
    },
    inView: ['turn-banner', 'row-c1', 'row-c5', 'value-1'],
  },
  {
    name: 'diabolo-end',
    storage: { [recordKey('diabolo')]: diaboloRecord() },
    go: finishDiabolo,
    inView: ['turn-banner', 'result', 'rematch'],
  },
  { name: 'zwirn-setup', go: (page) => page.getByTestId('pick-himmel-a-und-zwirn').click() },
  { name: 'zwirn', go: zwirnPlaying, inView: ['turn-banner', 'pile1', 'pile2', 'card-1', 'special-steal'] },
];
