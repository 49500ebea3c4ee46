import { UserError } from '../core/text.ts';
import { keyFrom, sha256Hex } from './hash.ts';

/**
 * The join code one table shows and the other types (or scans): 15 random symbols of Crockford's
 * base32 (75 bits) and one check symbol, written in four groups, `7KQ2-M9XD-H4BF-0RWC`. It is the
 * whole secret of a game: the room's topic and the key that signs every message are derived from
 * it, and neither the code nor the key is ever sent. The broker sees only the room's name.
 */
export interface JoinCode {
  /** The code as shown, with its groups. */
  text: string;
  /** The room's name on the broker (derived; tells nothing about the key). */
  room: string;
  /** The key every message of the room is signed with. */
  key: Uint8Array;
}

export type LinkCodeError = 'bad-code';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SECRET_SYMBOLS = 15;

/** A new code from 15 random bytes the caller draws (crypto.getRandomValues): chance comes from outside. */
export function newJoinCode(random: Uint8Array): JoinCode {
  if (random.length < SECRET_SYMBOLS) throw new RangeError(`newJoinCode needs ${SECRET_SYMBOLS} random bytes`);
  // 256 is a multiple of 32, so the low five bits of a uniform byte are a uniform symbol.
  const secret = Array.from(random.subarray(0, SECRET_SYMBOLS), (b) => ALPHABET[b & 31]).join('');
  return codeOf(secret);
}

/**
 * A typed or scanned code. Case, spaces and dashes do not matter, and the letters people confuse
 * with digits (O, I, L) read as them; a code that still does not check is refused with a message
 * the table can act on, before anything is sent.
 */
export function parseJoinCode(typed: string): JoinCode {
  const bad = (de: string, en: string): never => {
    throw new UserError<LinkCodeError>('bad-code', { de, en });
  };
  if (typeof typed !== 'string' || typed.length > 64) bad('Das ist kein Beitrittscode.', 'That is no join code.');
  const symbols = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (symbols.length !== SECRET_SYMBOLS + 1) bad(`Ein Beitrittscode hat 16 Zeichen; hier sind es ${symbols.length}.`, `A join code has 16 characters; this one has ${symbols.length}.`);
  const wrong = [...symbols].find((c) => !ALPHABET.includes(c));
  if (wrong) bad(`„${wrong}“ kommt in keinem Beitrittscode vor.`, `"${wrong}" is in no join code.`);
  const code = codeOf(symbols.slice(0, SECRET_SYMBOLS));
  if (code.text.replace(/-/g, '') !== symbols) bad('Der Code ist vertippt: bitte Zeichen für Zeichen vergleichen.', 'The code has a typo: please compare it character by character.');
  return code;
}

function codeOf(secret: string): JoinCode {
  const check = ALPHABET[parseInt(sha256Hex(`schiri-link check\n${secret}`).slice(0, 2), 16) & 31];
  const all = secret + check;
  return {
    text: all.match(/.{4}/g)!.join('-'),
    room: sha256Hex(`schiri-link room\n${secret}`).slice(0, 24),
    key: keyFrom(secret, 'schiri-link key v1'),
  };
}
