import type { Text } from '../../../engine/core/contract.ts';
import { himmelUndHoelle as game } from '../../../engine/himmel-und-hoelle/game.ts';
import { STILL_TURN_END_S } from '../../../engine/himmel-und-hoelle/options.ts';
import type { HuhObservation } from '../../../engine/himmel-und-hoelle/parse.ts';
import { sameDice, type HuhMove, type HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import type { Reading } from '../../../vision/types.ts';
import { t, tx, type Message } from '../../i18n/index.svelte.ts';
import { join } from '../../i18n/text.ts';
import { coloursAtStart, duelObservation, seenLine } from './camera.ts';
import { Referee, type Verdict, type WorkerLike } from './referee.ts';
import type { CameraStep } from '../../vision/protocol.ts';
import { StillSpell } from './still-spell.ts';
import { pendingWords, type Pending } from './words.ts';

/** What the table watch needs of the screen: where the game stands, and how to play and say things. */
export interface TableHost {
  /** The game as the screen shows it; null before a game or once it is over. */
  state(): HuhState | null;
  /** A person plays the side to move (the computer's actions are `pending`). */
  humanToMove(): boolean;
  /** The computer plays a seat: it cannot move on the table, so a still board ends a person's turn. */
  computerPlays(): boolean;
  pending(): Pending | null;
  /** The state before the end of the turn the camera ended last, while nothing was played since; else null. */
  reopenFrom(): HuhState | null;
  /** That end taken back (the computer's pending action dropped) and `moves` played from there; false if refused. */
  reopen(moves: HuhMove[], observed: HuhObservation): Promise<boolean>;
  colours(): readonly [string, string];
  /** Plays the actions the camera saw, one record write each; false if one was refused. */
  play(moves: HuhMove[], observed: HuhObservation): Promise<boolean>;
  /** The computer's pending action carried out: the camera saw it. */
  carriedOut(observed: HuhObservation): Promise<void>;
  message(): Message | null;
  setMessage(m: Message | null): void;
}

const CAMERA = tx('Kamera:', 'Camera:');
const STILL_MS = STILL_TURN_END_S * 1000;

/**
 * The duel's camera flow: each settled board the camera reads is judged against the game as it
 * stands, one after the other. The computer's pending action is taken when the board shows it;
 * a person's turn goes to the referee worker (`explain`), whose legal actions are played and
 * recorded (source camera), and anything else is said, naming the field and the rule.
 * Against the computer, a person's turn read from the camera that leaves AP (or a battle's free
 * AP) unused ends when the board lies still for STILL_TURN_END_S seconds of what the camera sees
 * (switch `cameraTurnEnd`; `StillSpell`: a hand over the board starts the count again);
 * a die of that side that moves after all, before the computer's action is carried out, opens
 * the turn again (`reopen`).
 */
export class TableWatch {
  /** Schiri searches a turn longer than a blink: said, so the still screen is not taken for a hang. */
  thinking = $state(false);
  /** What ends if the board stays as it lies (against the computer), said on screen: null while nothing does. */
  endsIfStill = $state<Text | null>(null);
  /** The camera is on: a still spell counts on its frames, so without it nothing ends by lying still. */
  private cameraOn = false;
  /** The state the camera's last played actions left: a still board after them ends the turn. */
  private playedTo: HuhState | null = null;
  /** The still spell under way: what the board as it lies ends, and the camera's count. */
  private still: { pos: HuhState; observed: HuhObservation; moves: HuhMove[]; spell: StillSpell } | null = null;
  /** The last settled board the camera read, and whether it showed a battle whose cards were asked for. */
  private lastSeen: HuhObservation | null = null;
  /** The last board asked for a battle's cards, or came while a battle's cards were being chosen. */
  private awaitsCards = false;
  /** Settled readings are judged one after the other, each against the state the last one left. */
  private queue = Promise.resolve();
  private readonly referee: Referee;

  constructor(
    private readonly host: TableHost,
    open: () => WorkerLike,
  ) {
    this.referee = new Referee(open, {
      verdict: (v) => void (this.queue = this.queue.then(() => this.take(v))),
      thinking: (on) => (this.thinking = on),
      failed: (why) => this.say('error', join([tx('Schiri kann den Zug gerade nicht prüfen; er lässt sich antippen:', 'Schiri cannot check the turn just now; it can be tapped in:'), why])),
    });
  }

  /**
   * Every frame the camera panel's worker answered (after `reading`, for a frame it read): the
   * still spell counts on the camera's time, and a moving frame or a board not seen restarts it.
   */
  step(s: CameraStep): void {
    const still = this.still;
    if (!still || !still.spell.step(s)) return;
    this.stopStill();
    this.queue = this.queue.then(() => this.stillOver(still.pos, still.observed, still.moves));
  }

  /** A settled reading from the camera panel: what it saw (the line under the video) or why it cannot be used. */
  reading(r: Reading, colours: readonly [string, string]): { seen: string } | { problem: Text } {
    const seen = duelObservation(r, colours);
    this.cameraOn = true;
    if (!seen.ok) return { problem: seen.reason };
    // Something moved and settled: the still spell starts again from this board.
    this.stopStill();
    this.lastSeen = seen.observed;
    this.judgeLater(seen.observed);
    return { seen: t(seenLine(seen.observed)) };
  }

  /**
   * The board showed a battle nobody had tapped, or its result came while the cards were being
   * chosen: once they are in, the still table (which sends no new reading) is judged again from
   * the battle's end.
   */
  cardsEntered(): void {
    if (this.awaitsCards && this.lastSeen) this.judgeLater(this.lastSeen);
  }

  stop(): void {
    this.stopStill();
    this.referee.stop();
  }

  /**
   * The camera was turned off (or lost): no still spell counts on, and the banner that says one
   * does goes; a verdict still on its way plays what the camera saw, but arms nothing until the
   * camera reads again.
   */
  cameraOff(): void {
    this.cameraOn = false;
    this.stopStill();
  }

  private stopStill(): void {
    this.still = null;
    this.endsIfStill = null;
  }

  /**
   * What a still board ends now, or null: a person's turn against the computer, after the camera
   * played its actions, with AP left; or a battle's free AP of a person, the result carried out.
   */
  private stillEnds(pos: HuhState, observed: HuhObservation): HuhMove[] | null {
    if (pos.rules.cameraTurnEnd !== 'board' || !this.host.computerPlays() || !this.host.humanToMove() || this.host.pending()) return null;
    if (!sameDice(observed.dice, pos.dice)) return null;
    if (pos.phase === 'turn') return this.playedTo === pos && pos.ap > 0 ? [{ type: 'end' }] : null;
    if (pos.phase !== 'free' || game.legalMoves(pos).every((m) => m.type !== 'free-pass')) return null;
    // The free AP goes unused; where it is the turn's own side's, its turn lies still too.
    return game.play(pos, { type: 'free-pass' }).active === pos.free ? [{ type: 'free-pass' }, { type: 'end' }] : [{ type: 'free-pass' }];
  }

  /** Starts the still spell where the board as it lies ends something (`stillEnds`). */
  private armStill(pos: HuhState, observed: HuhObservation): void {
    this.stopStill();
    if (!this.cameraOn) return;
    const moves = this.stillEnds(pos, observed);
    if (!moves) return;
    const what = moves[moves.length - 1].type === 'end' ? tx('ist der Zug zu Ende', 'the turn is over') : tx('verfällt der freie AP', 'the free AP goes unused');
    this.endsIfStill = join([tx(`Bleibt das Brett ${STILL_TURN_END_S} s still,`, `If the board stays still for ${STILL_TURN_END_S} s,`), what]);
    this.still = { pos, observed, moves, spell: new StillSpell(STILL_MS) };
  }

  private async stillOver(pos: HuhState, observed: HuhObservation, moves: HuhMove[]): Promise<void> {
    if (this.host.state() !== pos || !this.stillEnds(pos, observed)) return;
    const said: Text[] = [];
    let s = pos;
    for (const m of moves) {
      said.push(game.describeMove(s, m));
      s = game.play(s, m);
    }
    // Unused AP are lost, unless the house rule carries them over.
    const lost = pos.phase === 'turn' && !pos.rules.carryAp ? tx(` (${pos.ap} AP verfallen)`, ` (${pos.ap} AP lost)`) : tx('', '');
    if (!(await this.host.play(moves, observed))) return;
    this.say('info', join([tx(`Kamera: Das Brett liegt ${STILL_TURN_END_S} s still:`, `Camera: the board has lain still for ${STILL_TURN_END_S} s:`), join([join(said, '; '), lost], '')]));
  }

  private judgeLater(observed: HuhObservation): void {
    this.queue = this.queue.then(() => this.judge(observed));
  }

  private say(kind: 'info' | 'error', text: Text): void {
    // A still table reads the same again: the same words are said once.
    const now = this.host.message();
    if (now?.kind === kind && now.text.de === text.de) return;
    this.host.setMessage({ kind, text });
  }

  /** The referee's verdict on what the camera saw on the board. */
  private async judge(observed: HuhObservation): Promise<void> {
    const pos = this.host.state();
    if (!pos) return;
    const colourProblem = coloursAtStart(pos, observed, this.host.colours());
    if (colourProblem) return this.say('error', join([CAMERA, colourProblem]));
    const pending = this.host.pending();
    if (pending) {
      // The computer's action: the table shows it, shows the position before it, or something else.
      if (sameDice(observed.dice, pending.after.dice)) return this.host.carriedOut(observed);
      if (sameDice(observed.dice, pending.before.dice)) return;
      // A die of the person's turn moved after its end was read: the worker says whether it
      // continues that turn (the verdict comes back through `take`).
      const reopen = this.host.reopenFrom();
      if (reopen) return this.referee.ask(pos, observed, reopen);
      return this.notComputers(pending);
    }
    if (pos.phase === 'battle') {
      // The cards are being chosen: a board that changed meanwhile shows the battle's result.
      this.awaitsCards = !sameDice(observed.dice, pos.dice);
      return;
    }
    if (!this.host.humanToMove() || pos.phase === 'setup') return;
    this.armStill(pos, observed);
    // The search may take a while on a crowded board: it runs in the worker, and its verdict
    // comes back through `take`.
    this.referee.ask(pos, observed, this.host.reopenFrom() ?? undefined);
  }

  private notComputers(pending: Pending): void {
    this.say('error', join([tx('Kamera: Das ist nicht der Zug des Computers. Bitte so ausführen:', "Camera: that is not the computer's action. Please carry out:"), pendingWords(pending)]));
  }

  /** The worker's verdict, taken where the game still stands where the board was judged. */
  private async take({ state, observed, verdict: v }: Verdict): Promise<void> {
    if (this.host.state() !== state) {
      // Tapped or taken back meanwhile: the latest board is judged again from where the game is now.
      if (this.lastSeen) this.judgeLater(this.lastSeen);
      return;
    }
    const pending = this.host.pending();
    if (pending && !(v.legal && 'reopened' in v)) return this.notComputers(pending);
    this.awaitsCards = !v.legal && v.code === 'cards-needed';
    if (v.legal && v.unchanged) {
      // The table caught up with the screen: what the camera said before is over.
      const now = this.host.message();
      if (now?.kind === 'error' && now.text.de.startsWith(CAMERA.de)) this.host.setMessage(null);
      return;
    }
    if (!v.legal) return this.say('error', join([CAMERA, v.reason]));
    const said: Text[] = [];
    // A reopened turn's actions follow the end taken back.
    let s = 'reopened' in v ? (this.host.reopenFrom() ?? state) : state;
    for (const m of v.moves) {
      said.push(game.describeMove(s, m));
      s = game.play(s, m);
    }
    const played = 'reopened' in v ? this.host.reopen(v.moves, observed) : this.host.play(v.moves, observed);
    if (!(await played)) return;
    const now = this.host.state();
    this.playedTo = now;
    this.say('info', join([CAMERA, join(said, '; ')]));
    if (now) this.armStill(now, observed);
  }
}
