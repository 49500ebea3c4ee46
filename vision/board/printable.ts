import { duelBoard, placedTafelBoard, tafelBoard, type TafelGeometry } from './board.ts';
import { boardSvg } from './svg.ts';
import { tafelSheetSvg, type SheetOptions, type SheetTafel } from './tafel-sheet.ts';

/**
 * The printable boards, each once: `schiri boards` writes these SVGs to files and the app's print
 * view (renderer/print/) prints the same ones, so a board on paper is the board the camera maps.
 */
export interface Printable {
  id: string;
  svg: string;
  /** Paper size in mm. */
  size: [number, number];
  fields: number;
}

/**
 * The start areas by the names the screen's board gives them (renderer's Board.svelte), not their
 * ids: "start-hoelle" on paper is a program's word.
 */
const DUEL_AREA_NAMES: Record<string, string> = { 'start-hoelle': 'Start Hölle · Ziel Himmel', 'start-himmel': 'Start Himmel · Ziel Hölle' };

/** Himmel und Hölle's board: 3 x 10 fields in grey by their names (a1 … c10), both start areas. */
export function duelPrintable(): Printable {
  const board = duelBoard();
  const svg = boardSvg(board, 'Himmel und Hölle: 3 x 10 fields and both start areas', { fieldName: (id) => DUEL_AREA_NAMES[id] });
  return { id: board.id, svg, size: board.size, fields: board.fields.length };
}

/** A Tafel of boxes per row on a grid (`schiri boards --tafel`), each box's id in grey. */
export function gridTafelPrintable(id: string, geometry: TafelGeometry, title: string): Printable {
  const board = tafelBoard(id, geometry);
  return { id, svg: boardSvg(board, title), size: board.size, fields: board.fields.length };
}

/** A Tafel of the game (shipped or the players' own) as a sheet to play on (tafel-sheet.ts). */
export function tafelSheetPrintable(tafel: SheetTafel, options: SheetOptions = {}): Printable {
  const board = placedTafelBoard(tafel);
  return { id: tafel.id, svg: tafelSheetSvg(tafel, options), size: board.size, fields: board.fields.length };
}
