/**
 * The project's own printable boards as table sheets: the dice duel board and every shipped Tafel
 * (their outlines from vision/board/), with the boxes' centres as places dice are put and, for a
 * Tafel box that asks for a value, the pip picture the printed Tafeln show there.
 */
import { SHIPPED_TAFELN } from '../../../engine/engel-und-bengel/tafeln/index.ts';
import { duelBoard, placedTafelBoard, tafelBoard, type Board } from '../../../vision/board/board.ts';
import type { Vec2 } from './spec.ts';

export interface BoardSheet {
  id: string;
  /** Paper size, mm. */
  size: Vec2;
  /** Field centres, board mm (x right, y down). */
  spots: Vec2[];
  /** Pip pictures printed in boxes: where (board mm) and which value. */
  symbols: { x: number; y: number; size: number; value: number }[];
  board: Board;
  title: string;
}

function centre(poly: readonly (readonly [number, number])[]): Vec2 {
  return [poly.reduce((s, p) => s + p[0], 0) / poly.length, poly.reduce((s, p) => s + p[1], 0) / poly.length];
}

export function projectBoards(): BoardSheet[] {
  const out: BoardSheet[] = [];
  const add = (board: Board, title: string, symbols: BoardSheet['symbols'] = []) =>
    out.push({ id: board.id, size: [board.size[0], board.size[1]], spots: board.fields.map((f) => centre(f.polygon)), symbols, board, title });
  add(duelBoard(), 'Himmel und Hölle');
  add(tafelBoard('tafel-beispiel', { rows: [3, 4, 5, 6, 2, 1] }), 'Engel und Bengel');
  for (const t of SHIPPED_TAFELN) {
    const symbols: BoardSheet['symbols'] = [];
    for (const row of t.rows) {
      for (const box of row.boxes) {
        const must = box.must.find((m) => 'value' in m) as { value: number } | undefined;
        if (!must) continue;
        // A small pip picture in the box's corner, as the printed originals show what goes there.
        const size = Math.min(box.at.w, box.at.h) * 0.42;
        symbols.push({ x: box.at.x + box.at.w - size - 1.5, y: box.at.y + 1.5, size, value: must.value });
      }
    }
    add(placedTafelBoard(t), `${t.name.de}`, symbols);
  }
  return out;
}
