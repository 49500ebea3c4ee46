import type { Json, Options, Text } from '../../engine/core/contract.ts';
import { errorText, UserError } from '../../engine/core/text.ts';
import { newJoinCode, parseJoinCode, type JoinCode } from '../../engine/link/code.ts';
import { myTurn, offeredSpec, secretSeats, type Link, type LinkError, type LinkSpec } from '../../engine/link/session.ts';
import { askSpec, LinkPeer } from '../../link/client.ts';
import { error, info, join, t, tx, type Message } from '../i18n/index.svelte.ts';
import { DIFFERENT_GAME, reconcile } from './duel-play.ts';
import { forgetLink, loadLink, saveLink, type StoredLink } from './stored.ts';

export type LinkStatus = 'connecting' | 'waiting' | 'connected' | 'lost' | 'resumed';

const GAME = 'himmel-und-hoelle';

/** What each state of the link says to the table. */
export const STATUS_TEXT: Record<LinkStatus, Text> = {
  connecting: tx('Verbinde mit dem Server …', 'Connecting to the server …'),
  waiting: tx('Mit dem Server verbunden. Warte auf den anderen Tisch …', 'Connected to the server. Waiting for the other table …'),
  connected: tx('Verbunden mit dem anderen Tisch.', 'Connected with the other table.'),
  lost: tx('Verbindung verloren. Schiri versucht es weiter; kein Zug geht verloren.', 'Connection lost. Schiri keeps trying; no move is lost.'),
  resumed: tx('Wieder verbunden: fehlende Züge werden nachgeholt.', 'Connected again: missing moves are caught up.'),
};

const hex = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The duel with a person at another table, as the screen holds it: the link (engine/link over
 * link/client.ts), how the connection stands, and a refusal to tell. The screen plays the link's
 * moves into its own session: a remote move is shown and lit until the table carries it out, a
 * local move is sent once the referee accepted it (`sent`). Kept in the browser's storage after
 * every change, so a reload dials again and resumes where both tables are.
 */
export class DuelLink {
  status = $state<LinkStatus>('connecting');
  link = $state.raw<Link>() as Link;
  /** A refusal (of the other table's move, or of ours by it), in words. */
  notice = $state<Message | null>(null);
  /** The other table has been heard since the last (re)connect. */
  heard = $state(false);
  readonly code: JoinCode;
  readonly url: string;
  readonly table: number;
  /** The side this table plays. */
  readonly seat: number;
  private readonly peer: LinkPeer;
  private readonly id: string;
  private wasLost = false;
  /** Kept for a reload only once its game is on the board (`started`): until then a saved linked game keeps its own. */
  private keeping = false;

  constructor(s: Omit<StoredLink, 'link'> & { link?: Link; spec: LinkSpec }) {
    this.code = parseJoinCode(s.code);
    this.url = s.url;
    this.table = s.table;
    this.id = s.id;
    this.seat = s.spec.tables[s.table][0];
    this.peer = new LinkPeer({
      url: s.url,
      code: this.code,
      spec: s.spec,
      table: s.table,
      id: s.id,
      link: s.link,
      onApplied: () => this.changed(),
      onRefused: (e) => this.refused(e),
      onHeard: () => this.onHeard(),
    });
    this.link = this.peer.link;
    const c = this.peer.client;
    c.on('connect', () => {
      this.heard = false;
      this.status = 'waiting';
    });
    const lost = () => {
      if (this.status === 'connecting' || this.status === 'lost') return;
      this.status = 'lost';
      this.heard = false;
      this.wasLost = true;
    };
    c.on('close', lost);
    c.on('offline', lost);
  }

  /** Opens a game for `seat` (this table's side) under a new code, with the house rules `options`. */
  static open(url: string, seat: number, options: Options): DuelLink {
    const spec: LinkSpec = { game: GAME, options: { ...options, view: 'referee' }, tables: seat === 0 ? [[0], [1]] : [[1], [0]] };
    return new DuelLink({ url, code: newJoinCode(crypto.getRandomValues(new Uint8Array(15))).text, table: 0, id: hex(8), spec });
  }

  /**
   * Joins the game under a typed code: a typo is caught by its check symbol before anything is
   * sent; then the room is asked for its game. Throws a UserError saying what to do.
   */
  static async join(url: string, typed: string): Promise<DuelLink> {
    const code = parseJoinCode(typed);
    const id = hex(8);
    let offered: Json;
    try {
      offered = await askSpec({ url, code, id }, 6_000);
    } catch (e) {
      throw (e as Error).message === 'no-answer'
        ? new JoinError(
            'no-answer',
            tx('Unter diesem Code antwortet kein Tisch. Stimmt der Code, und ist das Spiel am anderen Tisch noch offen?', 'No table answers under this code. Is the code right, and is the game still open at the other table?'),
          )
        : new JoinError('unreachable', unreachable(url));
    }
    const spec = offeredSpec(offered, GAME);
    return new DuelLink({ url, code: code.text, table: 1, id, spec });
  }

  /**
   * The link kept beside a resumed game, dialled again, or why it cannot go on (a different game
   * than the record's); null for a game that was never linked. Moves the record holds but the link
   * never sent (the app stopped in between) go now.
   */
  static resumeFor(session: { state: { view?: string }; options: Options; history: readonly { move: unknown }[] }): DuelLink | Text | null {
    const kept = session.state.view === 'referee' ? loadLink(GAME) : null;
    if (!kept) return null;
    const agreed = reconcile(kept.link, session);
    if (!agreed) return DIFFERENT_GAME;
    const link = new DuelLink({ ...kept, spec: kept.link.spec }).started();
    for (const m of agreed.unsent) link.sent(m);
    return link;
  }

  /** The players' names as the record keeps them: this table and the other, by side. */
  get players(): string[] {
    const mine = t(tx('Dieser Tisch', 'This table'));
    const theirs = t(tx('Anderer Tisch', 'Other table'));
    return this.seat === 0 ? [mine, theirs] : [theirs, mine];
  }

  /** Its game is on the board (the record begun): from now on the link is kept after every change. */
  started(): this {
    this.keeping = true;
    this.keep();
    return this;
  }

  /** A local move the referee accepted (and the record holds): sent to the other table. Throws LinkError. */
  sent(move: Json): void {
    this.peer.move(move);
    this.changed();
  }

  /** This table's battle card, sealed and sent; shown to the other table once both are in. */
  choose(card: number): void {
    this.peer.choose(this.seat, card, hex(16));
    this.changed();
  }

  /** This table still has to pick its battle card (the position is a battle, our card not sealed). */
  get mustChoose(): boolean {
    return !!secretSeats(this.link) && myTurn(this.link);
  }

  /** Both tables' cards are awaited and ours is in. */
  get waitsForCard(): boolean {
    return !!secretSeats(this.link) && !myTurn(this.link);
  }

  /** Hangs up; `forget` drops what is kept for a reload (the game is over, or the table leaves it). */
  async close(forget = false): Promise<void> {
    if (forget) forgetLink(GAME);
    await this.peer.close();
  }

  private changed(): void {
    this.link = this.peer.link;
    if (this.status === 'resumed') this.status = 'connected';
    this.keep();
  }

  private refused(e: LinkError): void {
    this.link = this.peer.link;
    this.notice = error(refusalText(e));
  }

  private onHeard(): void {
    if (this.heard) return;
    this.heard = true;
    this.status = this.wasLost ? 'resumed' : 'connected';
    if (this.wasLost) this.notice = info(STATUS_TEXT.resumed);
  }

  private keep(): void {
    if (!this.keeping) return;
    saveLink(GAME, { url: this.url, code: this.code.text, table: this.table, id: this.id, link: this.peer.link });
  }
}

/** Joining did not get as far as the game: no table answered the code, or the server is out of reach. */
export class JoinError extends UserError<'no-answer' | 'unreachable'> {
  override name = 'JoinError';
}

const unreachable = (url: string): Text =>
  tx(
    `Der Server ${url} ist nicht erreichbar, oder sein Zertifikat wird nicht anerkannt. Läuft er (npm run serve-link), und stimmt die Adresse?`,
    `The server ${url} cannot be reached, or its certificate is not accepted. Is it running (npm run serve-link), and is the address right?`,
  );

/** A refusal in words: ours of the other table's move says so first; theirs of ours says it itself. */
const refusalText = (e: LinkError): Text =>
  e.code === 'refused' ? errorText(e) : join([tx('Zug des anderen Tisches nicht angenommen:', 'Move from the other table not accepted:'), errorText(e)]);
