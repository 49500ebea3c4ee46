/**
 * The game's position as a board worker takes it (PositionMessage), checked: the worker trusts
 * nothing it is sent. And what the players are told when the board's first reference was taken
 * from it (vision/change/seed.ts).
 */
import type { Text } from '../../engine/core/text.ts';
import type { HeldDie } from '../../vision/change/seed.ts';

/** The position, or null where it is not a list of dice on fields (then none is known). */
export function parsePosition(data: unknown): HeldDie[] | null {
  if (!Array.isArray(data) || data.length > 200) return null;
  const out: HeldDie[] = [];
  for (const d of data) {
    if (typeof d !== 'object' || d === null) return null;
    const { field, value, body } = d as Record<string, unknown>;
    if (typeof field !== 'string' || field.length === 0 || field.length > 40) return null;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 9) return null;
    if (body !== undefined && (typeof body !== 'string' || body.length > 30)) return null;
    out.push({ field, value: value as number, ...(body !== undefined ? { body } : {}) });
  }
  return out;
}

/** What the players should know of a first reference taken from the game's position; undefined where the table showed just that. */
export function seededText({ extra, missing }: { extra: number; missing: number }): Text | undefined {
  const parts: Text[] = [];
  if (extra === 1)
    parts.push({
      de: 'Auf einem Feld, das im Spiel leer ist, sieht Schiri etwas wie einen Würfel: es gilt als Aufdruck oder als etwas anderes als ein Würfel und zählt erst, wenn es bewegt wird.',
      en: 'On a field empty in the game Schiri sees something like a die: it counts as print or something other than a die, and counts only once it is moved.',
    });
  else if (extra > 1)
    parts.push({
      de: `Auf ${extra} Feldern, die im Spiel leer sind, sieht Schiri etwas wie Würfel: sie gelten als Aufdruck oder als etwas anderes als Würfel und zählen erst, wenn sie bewegt werden.`,
      en: `On ${extra} fields empty in the game Schiri sees something like dice: they count as print or something other than dice, and count only once they are moved.`,
    });
  if (missing > 0)
    parts.push({
      de: `${missing === 1 ? 'Ein Würfel' : `${missing} Würfel`} der Stellung ${missing === 1 ? 'ist' : 'sind'} nicht zu erkennen: Schiri nimmt an, dass ${missing === 1 ? 'er auf seinem Feld liegt' : 'sie auf ihren Feldern liegen'}.`,
      en: `${missing === 1 ? 'One die' : `${missing} dice`} of the position cannot be made out: Schiri takes ${missing === 1 ? 'it to lie on its field' : 'them to lie on their fields'}.`,
    });
  if (!parts.length) return undefined;
  return {
    de: `Brett aufgenommen, wie das Spiel steht. ${parts.map((p) => p.de).join(' ')}`,
    en: `Board taken in as the game stands. ${parts.map((p) => p.en).join(' ')}`,
  };
}
