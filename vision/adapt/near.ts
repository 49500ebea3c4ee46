/**
 * The boxes the reader looked at just under its die bar (read.ts `near`), as teaching uses them,
 * the same in the app (renderer/vision/teach.ts draftSet) and in `schiri eval --adapt`.
 */
import { overlap, roundOneDie, type Box } from '../detect/boxes.ts';
import { NEAR_PER_ROLL } from './dice-set.ts';

/** The box round a die the reader did not report, where it looked just under its bar: the die is taught there. */
export function nearRound<T extends { box: Box }>(die: Box, near: T[]): T | undefined {
  return near.find((b) => roundOneDie(die, b.box));
}

/** Those touching none of `dice`: a box half on a die is no clear place without one. */
export function clearOf<T extends { box: Box }>(near: T[], dice: Box[]): T[] {
  return near.filter((b) => !dice.some((d) => overlap(d, b.box)));
}

/** Those a set keeps as "not a die": the surest NEAR_PER_ROLL clear of every die of the confirmed roll. */
export function placesWithoutDie<T extends { box: Box }>(near: T[], dice: Box[]): T[] {
  return clearOf(near, dice).slice(0, NEAR_PER_ROLL);
}
