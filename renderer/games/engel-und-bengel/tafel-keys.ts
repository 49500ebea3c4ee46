import { boxId, parseBoxId, type Tafel } from '../../../engine/engel-und-bengel/tafel.ts';
import { listStep } from '../../components/focus.ts';

/**
 * The box a key leads to from box `id`, walking the Tafel as the table sees it (WAI-ARIA grid):
 * left and right along the row's boxes, up and down to the row above or below (to its box nearest
 * on the board, so a short row is reached from any box over it), Home and End to the row's first
 * and last box, Ctrl+Home and Ctrl+End to the Tafel's first and last box. At an edge the box
 * itself; undefined for a key that does not walk.
 */
export function boxAfterKey(tafel: Tafel, id: string, key: string, ctrl = false): string | undefined {
  const at = parseBoxId(id);
  if (!at) return undefined;
  const [r, b] = at;
  const rows = tafel.rows;
  if (ctrl && key === 'Home') return boxId(0, 0);
  if (ctrl && key === 'End') return boxId(rows.length - 1, rows[rows.length - 1].boxes.length - 1);
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const to = r + (key === 'ArrowUp' ? -1 : 1);
    if (to < 0 || to >= rows.length) return id;
    const x = centre(tafel, r, b);
    let best = 0;
    rows[to].boxes.forEach((_, k) => {
      if (Math.abs(centre(tafel, to, k) - x) < Math.abs(centre(tafel, to, best) - x)) best = k;
    });
    return boxId(to, best);
  }
  const k = listStep(rows[r].boxes.length, b, key);
  return k === undefined ? undefined : boxId(r, k);
}

const centre = (tafel: Tafel, r: number, b: number) => {
  const at = tafel.rows[r].boxes[b].at;
  return at.x + at.w / 2;
};
