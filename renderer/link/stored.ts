import type { Json } from '../../engine/core/contract.ts';
import { parseJoinCode } from '../../engine/link/code.ts';
import { positionHash } from '../../engine/link/hash.ts';
import { openLink, type Link } from '../../engine/link/session.ts';
import { findGame } from '../../engine/registry.ts';

/**
 * A linked game as this table keeps it between reloads: the server, the code, which table this is,
 * this app's id on the link, and the link itself (every move with its number and hash, a battle
 * card sealed but not yet shown). A reload dials again and resumes from it (the session's hello).
 */
export interface StoredLink {
  url: string;
  code: string;
  table: number;
  id: string;
  link: Link;
}

const key = (game: string) => `schiri.link.${game}`;

export function saveLink(game: string, s: StoredLink): void {
  try {
    localStorage.setItem(key(game), JSON.stringify(s));
  } catch {
    // Not kept: after a reload this table joins again with the code.
  }
}

export function forgetLink(game: string): void {
  try {
    localStorage.removeItem(key(game));
  } catch {
    // Nothing kept anyway.
  }
}

/**
 * The kept link of `game`, or null when there is none or it does not hold up: the code must check,
 * and its moves, replayed from the start in this app's engine, must reach the hashes it keeps.
 */
export function loadLink(game: string): StoredLink | null {
  try {
    const raw = localStorage.getItem(key(game));
    if (!raw) return null;
    const s = JSON.parse(raw) as StoredLink;
    parseJoinCode(s.code);
    if (typeof s.url !== 'string' || typeof s.id !== 'string' || !/^[0-9a-z]{1,32}$/.test(s.id)) return null;
    const fresh = openLink(s.link.spec, s.table);
    const g = findGame(s.link.spec.game)!;
    let state = fresh.state;
    const hashes = [fresh.hashes[0]];
    for (const p of s.link.moves) {
      state = g.play(state, g.parseMove(p.move)) as Json;
      hashes.push(positionHash(state));
    }
    if (hashes.join() !== s.link.hashes.join() || hashes.at(-1) !== positionHash(s.link.state)) return null;
    return { ...s, link: { ...s.link, state, specHash: fresh.specHash, table: s.table } };
  } catch {
    return null;
  }
}
