import { placedTafelBoard } from './board.ts';
import { boardSvg, escapeXml } from './svg.ts';

/**
 * The print sheet of an Engel und Bengel Tafel: what a table needs to play on paper, around the
 * boxes the camera reads. Each row's number, colour and points beside it, what each box takes
 * under its edge (never inside: the camera reads the dice in the boxes, so their inside stays
 * plain paper), the Tafel's name, a 10 cm line to check the print is at actual size, and a key.
 * The corner markers and the paper round them stay clear (board.ts: markerClashes).
 *
 * The shapes are the engine's Tafel (engine/engel-und-bengel/tafel.ts), written out here because
 * vision/ does not import the engine.
 */
export type Need = { value: number } | { sameAs: number } | { differentFrom: number } | { step: 1 | -1 };

export interface SheetTafel {
  id: string;
  name: { de: string; en: string };
  size: { w: number; h: number };
  rows: { colour: 'white' | 'black'; points: number; boxes: { must: Need[]; at: { x: number; y: number; w: number; h: number } }[] }[];
}

/**
 * What a box takes, as the sheet and the screen print it: "4", "★" (any), "=1", "≠1", "+1", "−1";
 * several "different from" in one mark, to fit under a box: "≠1,2", "≠1–5".
 */
export function needGlyph(must: readonly Need[]): string {
  if (must.length === 0) return '★';
  const others = must.flatMap((c) => ('differentFrom' in c ? [c.differentFrom] : [])).sort((a, b) => a - b);
  const rest = must
    .filter((c) => !('differentFrom' in c))
    .map((c) => ('value' in c ? String(c.value) : 'sameAs' in c ? `=${c.sameAs}` : 'step' in c && c.step === 1 ? '+1' : '−1'));
  if (others.length === 0) return rest.join(' ');
  const run = others.length >= 3 && others.every((k, i) => i === 0 || k === others[i - 1] + 1);
  return [...rest, `≠${run ? `${others[0]}–${others[others.length - 1]}` : others.join(',')}`].join(' ');
}

type Lang = 'de' | 'en';

const WORDS = {
  row: { de: 'Reihe', en: 'row' },
  white: { de: 'weiß: kassieren', en: 'white: collect' },
  black: { de: 'schwarz: zahlen', en: 'black: pay' },
  ruler: { de: '10 cm: nachmessen, dann ist die Größe richtig', en: '10 cm: measure it to check the size' },
  key: {
    de: 'Unter jedem Kästchen die Zahl, die es nimmt · ★ jede · =1 wie Kästchen 1 der Reihe · ≠1 anders als Kästchen 1 · +1 / −1 eins mehr / weniger als davor',
    en: 'Under each box the number it takes · ★ any · =1 as box 1 of the row · ≠1 other than box 1 · +1 / −1 one more / less than the box before',
  },
} as const;

const INK = '#222';
/**
 * How far the words keep from the boxes, mm: the row's points right of its first box, the name
 * above the first row. Closer (5 mm) the dice reader missed a white 1 in box 1 and was unsure of
 * a 2 in box 2 of the camera fixture (94 of 100 dice on seeds 1-20 instead of 100; docs/boards.md).
 */
const ROW_GAP = 9;
const TITLE_GAP = 8;
/** Clear paper kept round the corner markers and the paper's edge, mm (as markerClashes' gap). */
const QUIET = 6;
/** The row's words: small type (larger was taken for dice on the sheet, docs/boards.md). */
const ROW_TYPE = 2.6;

/**
 * How wide a line of the sheet's type is at most, mm: DejaVu Sans averages about 0.55 em a
 * character in these words; 0.6 em leaves room for a wider fallback font.
 */
export const textWidth = (s: string, size: number) => s.length * 0.6 * size;

export interface SheetOptions {
  /** The words on the sheet (the key, the row colours); the Tafel's name is printed in both. */
  lang?: Lang;
  /** Print the corner markers (default true); a sheet without them has its corners clicked. */
  markers?: boolean;
}

export function tafelSheetSvg(tafel: SheetTafel, { lang = 'de', markers = true }: SheetOptions = {}): string {
  const board = placedTafelBoard(tafel);
  const { w, h } = tafel.size;
  const boxes = tafel.rows.flatMap((r) => r.boxes.map((b) => b.at));
  const top = Math.min(...boxes.map((b) => b.y));
  const bottom = Math.max(...boxes.map((b) => b.y + b.h));
  // The markers' inner edge: text keeps off the strips they stand in.
  const markerEdge = Math.max(...board.markers.map((m) => Math.min(m.centre[0], w - m.centre[0]) + m.size / 2)) + QUIET;
  // Whether a line of type between these heights lies level with a corner marker or its quiet paper.
  const nearMarker = (y0: number, y1: number) => board.markers.some((m) => y1 > m.centre[1] - m.size / 2 - QUIET && y0 < m.centre[1] + m.size / 2 + QUIET);
  const text = (x: number, y: number, s: string, size: number, anchor = 'start', weight = 400, fill = INK) =>
    `  <text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}" font-family="DejaVu Sans, sans-serif" fill="${fill}">${escapeXml(s)}</text>`;
  const out: string[] = [];

  for (const [r, row] of tafel.rows.entries()) {
    const first = row.boxes[0].at;
    const cy = first.y + first.h / 2;
    const right = first.x - ROW_GAP;
    // Beside the row, in a line of small type: its number, its colour and its points (no bar or
    // band: dark print next to a box throws the dice reader off; the points in large type, 3.4 to
    // 6.5 mm, plain or bold, were taken for dice lying on the sheet and kept the roll from being
    // read; measured in docs/boards.md).
    // Where that line would reach a corner marker's quiet paper (rows 1 and 6 of the standard
    // grid: "Reihe 1" touched the marker), the row's number goes on a line of its own above the
    // rest; where neither fits, the row has no words.
    const name = `${WORDS.row[lang]} ${r + 1}`;
    const rest = `${WORDS[row.colour][lang]} ${row.colour === 'white' ? '+' : '−'}${row.points}`;
    const layouts = [[[`${name} · ${rest}`, cy + 1]], [[name, cy - 0.9], [rest, cy + 2.9]]] as [string, number][][];
    const fits = layouts.find((lines) => lines.every(([s, y]) => right - textWidth(s, ROW_TYPE) >= (nearMarker(y - ROW_TYPE, y + 0.3 * ROW_TYPE) ? markerEdge : QUIET)));
    for (const [s, y] of fits ?? []) out.push(text(right, y, s, ROW_TYPE, 'end'));
    // Under each box, what it takes.
    for (const box of row.boxes) out.push(text(box.at.x + box.at.w / 2, box.at.y + box.at.h + 3.6, needGlyph(box.must), 3.4, 'middle', 700));
  }

  // The name and the 10 cm line above the rows, where the paper between the markers is free.
  const title = `Engel und Bengel · ${tafel.name.de}${tafel.name.en !== tafel.name.de ? ` / ${tafel.name.en}` : ''}`;
  if (top >= 17) {
    out.push(text(markerEdge, top - TITLE_GAP, title, 4.2, 'start', 700));
    // Ticks and words above the line, so nothing printed comes within 7 mm of the first row's boxes.
    const [x0, x1, y] = [w - markerEdge - 100, w - markerEdge, top - TITLE_GAP + 1];
    if (x0 > markerEdge + title.length * 2.4) {
      const ticks = Array.from({ length: 11 }, (_, k) => `M${(x0 + k * 10).toFixed(1)} ${y} v${k % 5 === 0 ? -3 : -1.5}`).join(' ');
      out.push(`  <path d="M${x0.toFixed(1)} ${y} H${x1.toFixed(1)} ${ticks}" stroke="#222" stroke-width="0.35" fill="none"/>`);
      out.push(text((x0 + x1) / 2, y - 3.4, WORDS.ruler[lang], 2.2, 'middle'));
    }
  }
  // The key under the rows.
  if (h - bottom >= 9) out.push(text(w / 2, Math.min(h - 2.5, bottom + 9), WORDS.key[lang], 2.3, 'middle'));

  // Without markers the words stay where they would be with them: the same sheet, corners clicked.
  return boardSvg(markers ? board : { ...board, markers: [] }, `Engel und Bengel: ${tafel.name.de} / ${tafel.name.en}`, { fieldIds: false, extra: out.join('\n') });
}
