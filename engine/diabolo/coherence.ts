import type { Check } from '../core/validate.ts';
import { joinTexts, say, seatRef, type Text } from '../core/text.ts';
import { COLOURS, DECK_SIZE, colourRef, type Colour } from './cards.ts';
import { roundsOf } from './options.ts';
import { highestOf, lockedCount, locksToEnd, rowSize, scoreColour, total, unseenValues, verdict } from './rules.ts';
import { highestFits, saidFits, saidSoFar, type Said } from './sums.ts';
import type { ColourResult, DiaboloState } from './state.ts';

/**
 * What the parts of a Diabolo state must agree on, beyond each part's own shape: a state from
 * outside that breaks one of these is no state a game reaches, and served on it could answer
 * nonsense or dead-end (no legal move while a seat is to move). `parseState` calls this last,
 * with every part already read.
 */
export function checkCoherent(c: Check, s: DiaboloState): void {
  s.results.forEach((round, i) => round.forEach((r, j) => checkResult(c.at('results').at(i).at(j), s, r)));
  checkColours(c, s);
  checkDoppler(c, s);
  checkScores(c, s);
  checkRows(c, s);
  if (s.hidden) checkHands(c, s);
  else {
    checkCards(c, s);
    checkSaid(c, s);
  }
}

/** One scored colour: its verdict from its rows, its highest from its sums, its points from its highest. */
function checkResult(c: Check, s: DiaboloState, r: ColourResult): void {
  const v = r.angels > r.devils ? 'angels' : r.devils > r.angels ? 'devils' : 'equal';
  if (r.verdict !== v) c.at('verdict').fail({ de: `muss "${v}" sein bei ${r.angels} Engels- und ${r.devils} Teufelspunkten`, en: `must be "${v}" with ${r.angels} angel and ${r.devils} devil points` });
  if (r.announced.some((a) => a) && v !== 'angels') c.at('announced').fail({ de: 'Doppler nur auf eine Farbe, in der die Engel vorn liegen', en: 'a Doppler only on a colour with the angels ahead' });
  if (v === 'equal') {
    if (r.highest !== null || r.sums !== null || r.points.some((p) => p !== 0)) {
      c.fail({ de: 'eine Farbe mit Gleichstand wird nicht gewertet: highest und sums null, keine Punkte', en: 'a colour ending equal is not scored: highest and sums null, no points' });
    }
    return;
  }
  const h = r.highest ?? c.at('highest').fail({ de: 'fehlt: die Farbe wurde gewertet', en: 'is missing: the colour was scored' });
  if ((h.sum === 0) !== (h.seats.length === 0)) c.at('highest').fail({ de: 'Summe 0 heißt: niemand; sonst hat jemand die höchste Summe', en: 'sum 0 means nobody; otherwise somebody holds the highest sum' });
  const withSums = s.view === 'full' || s.rules.entry === 'every-sum';
  if ((r.sums !== null) !== withSums) {
    c.at('sums').fail(withSums ? { de: 'fehlen: hier ist jede Handsumme bekannt', en: 'are missing: every hand sum is known here' } : { de: 'müssen null sein: hier wird nur die höchste Summe eingegeben', en: 'must be null: only the highest sum is entered here' });
  }
  if (r.sums) {
    const top = highestOf(r.sums);
    if (top.sum !== h.sum || top.seats.join() !== h.seats.join()) {
      c.at('highest').fail(say({ de: `passt nicht zu den Summen ${r.sums.join(', ')}: die höchste ist ${top.sum}`, en: `does not match the sums ${r.sums.join(', ')}: the highest is ${top.sum}` }, holders(top.seats)));
    }
  }
  const points = scoreColour(v, h, r.announced).points;
  if (points.join() !== r.points.join()) c.at('points').fail({ de: `müssen ${points.join(', ')} sein, nach höchster Summe und Doppler`, en: `must be ${points.join(', ')}, from the highest sum and the Doppler` });
}

const holders = (seats: readonly number[]): Text | string => (seats.length ? say({ de: ', gehalten von ', en: ', held by ' }, joinTexts(seats.map(seatRef), ', ')) : '');

/** A finished round scored each colour once; the current one scores them one by one, in order where the order is fixed. */
function checkColours(c: Check, s: DiaboloState): void {
  s.results.forEach((round, i) => {
    if (i === s.round && s.phase !== 'over') return;
    if (round.map((r) => r.colour).sort().join() !== COLOURS.join()) c.at('results').at(i).fail({ de: 'eine beendete Runde wertet jede Farbe einmal', en: 'a finished round scores every colour once' });
  });
  const scored = s.results[s.round].map((r) => r.colour);
  const order = [...scored, ...(s.scoring ? [s.scoring.colour] : []), ...s.toScore];
  if (s.phase === 'play') {
    if (order.length > 0) c.at('toScore').fail({ de: 'während gespielt wird, ist noch keine Farbe gewertet', en: 'while cards are played no colour is scored yet' });
    return;
  }
  if (order.slice().sort().join() !== COLOURS.join()) {
    c.at('toScore').fail({ de: 'die gewerteten, die gerade gewertete und die noch zu wertenden Farben müssen jede Farbe einmal nennen', en: 'the colours scored, being scored and still to score must name every colour once' });
  }
  if (s.toScore.some((x, i) => i > 0 && x < s.toScore[i - 1])) c.at('toScore').fail({ de: 'muss in der Reihenfolge der Reihen stehen', en: 'must be in the order of the rows' });
  if (s.rules.colourOrder === 'fixed' && order.join() !== COLOURS.join()) c.at('results').at(s.round).fail({ de: 'die Farben werden hier der Reihe nach gewertet, c1 bis c5', en: 'here the colours are scored in order, c1 to c5' });
  if (s.phase === 'colour' && (s.rules.colourOrder !== 'chosen' || s.toScore.length < 2)) {
    c.at('phase').fail({ de: 'gewählt wird die nächste Farbe nur, wo der Erste sie wählt und noch zwei übrig sind', en: 'the next colour is picked only where the first player picks it and two are left' });
  }
  // Equal colours are never opened for scoring; where the table picks the order they are set aside at once.
  const equal = (x: Colour) => verdict(s.rows[x]) === 'equal';
  if (s.scoring && equal(s.scoring.colour)) c.at('scoring.colour').fail(say(colourRef(s.scoring.colour), { de: ' steht gleich und wird nicht gewertet', en: ' is equal and not scored' }));
  if (s.rules.colourOrder === 'chosen' && s.toScore.some(equal)) c.at('toScore').fail({ de: 'Farben mit Gleichstand sind hier schon beiseitegelegt', en: 'colours ending equal are already set aside here' });
}

/** Each seat doubles at most once a round; the Doppler is spent from then on. */
function checkDoppler(c: Check, s: DiaboloState): void {
  s.results.forEach((round, i) => {
    for (let p = 0; p < s.players; p++) {
      if (round.filter((r) => r.announced[p]).length > 1) c.at('results').at(i).fail(say(seatRef(p), { de: ' hat den Doppler zweimal in einer Runde eingesetzt', en: ' used the Doppler twice in a round' }));
    }
  });
  const spent = s.dopplerUsed.map((_, p) => s.results[s.round].some((r) => r.announced[p]));
  if (spent.join() !== s.dopplerUsed.join()) c.at('dopplerUsed').fail({ de: `muss ${spent.join(', ')} sein, nach den Ansagen dieser Runde`, en: `must be ${spent.join(', ')}, from this round's announcements` });
  const sc = s.scoring;
  if (!sc) return;
  if (s.hidden && s.phase === 'reveal') c.at('phase').fail({ de: 'mit allen Karten bekannt deckt das Spiel selbst auf', en: 'with all cards known the game reveals by itself' });
  const angels = verdict(s.rows[sc.colour]) === 'angels';
  if (s.phase === 'doppler' && (!angels || s.dopplerUsed.every((u) => u))) {
    c.at('phase').fail({ de: 'gedoppelt wird nur, wo die Engel vorn liegen und noch jemand den Doppler hat', en: 'a Doppler is asked for only where the angels are ahead and somebody still has one' });
  }
  if (sc.announced?.some((a, p) => a && (!angels || s.dopplerUsed[p]))) {
    c.at('scoring.announced').fail({ de: 'nur wer den Doppler noch hat, und nur wo die Engel vorn liegen', en: 'only a seat with its Doppler left, and only where the angels are ahead' });
  }
}

/** Each score is the sum of its points; a game is over only after its last round. */
function checkScores(c: Check, s: DiaboloState): void {
  const sums = s.scores.map((_, p) => total(s.results.flat().map((r) => r.points[p])));
  if (sums.join() !== s.scores.join()) c.at('scores').fail({ de: `müssen ${sums.join(', ')} sein, die Summe der Punkte jeder gewerteten Farbe`, en: `must be ${sums.join(', ')}, the sum of the points of every colour scored` });
  const rounds = roundsOf(s.rules, s.players);
  if (s.phase === 'over' && s.round + 1 !== rounds) c.at('phase').fail({ de: `das Spiel endet erst nach Runde ${rounds}`, en: `the game ends only after round ${rounds}` });
}

/** Play stops at the lock that ends the round; what was scored this round matches the rows. */
function checkRows(c: Check, s: DiaboloState): void {
  const locked = lockedCount(s.rows);
  const need = locksToEnd(s.players);
  if (s.phase === 'play' && locked >= need) c.at('rows').fail({ de: `${locked} gesperrte Reihen beenden die Runde`, en: `${locked} locked rows end the round` });
  const emptied = s.rules.emptyDrawPile === 'end-round' && s.pileLeft[s.round] === 0;
  if (s.phase !== 'play' && locked < need && !emptied) c.at('rows').fail({ de: `die Runde läuft noch: erst ${need} gesperrte Reihen beenden sie`, en: `the round is still on: only ${need} locked rows end it` });
  s.results[s.round].forEach((r, j) => {
    const row = s.rows[r.colour];
    if (r.angels !== total(row.angel) || r.devils !== total(row.devil)) {
      c.at('results').at(s.round).at(j).fail(say({ de: 'passt nicht zur Reihe ', en: 'does not match the row ' }, colourRef(r.colour)));
    }
  });
}

/** Referee: every card is in a hand, the draw pile, a row or the discards. */
function checkCards(c: Check, s: DiaboloState): void {
  const hands = total(s.handSizes);
  const rows = COLOURS.reduce((n, x) => n + rowSize(s.rows[x]), 0);
  if (hands + s.drawPile + rows + s.discards.length !== DECK_SIZE) {
    c.fail({
      de: `die ${DECK_SIZE} Karten gehen nicht auf: ${hands} auf den Händen, ${s.drawPile} im Nachziehstapel, ${rows} in den Reihen, ${s.discards.length} abgeworfen`,
      en: `the ${DECK_SIZE} cards do not add up: ${hands} in hands, ${s.drawPile} in the draw pile, ${rows} in the rows, ${s.discards.length} discarded`,
    });
  }
}

/** Full view: the sums of this round are the hands' own. */
function checkHands(c: Check, s: DiaboloState): void {
  s.results[s.round].forEach((r, j) => {
    const held = s.hidden!.hands.map((h) => total(h.filter((x) => x.colour === r.colour).map((x) => x.value)));
    if (r.sums && r.sums.join() !== held.join()) c.at('results').at(s.round).at(j).at('sums').fail({ de: `müssen ${held.join(', ')} sein, wie die Hände sie halten`, en: `must be ${held.join(', ')}, as the hands hold them` });
  });
}

/** Referee: every sum said this round could be held, each after the colours scored before it, as `play` accepted it. */
function checkSaid(c: Check, s: DiaboloState): void {
  const current = s.results[s.round];
  current.forEach((r, j) => {
    if (!r.highest) return;
    const earlier = current.slice(0, j);
    const said = r.sums ? r.sums.map((sum, seat) => ({ seat, sum })) : r.highest.seats.map((seat) => ({ seat, sum: r.highest!.sum }));
    const fits = r.sums ? saidFits(s, r.colour, said, earlier) : highestFits(s, r.colour, r.highest.sum, r.highest.seats, earlier);
    if (!fits) c.at('results').at(s.round).at(j).fail(cannotHold(s, r.colour, said));
  });
  if (s.phase === 'reveal' && !saidFits(s, s.scoring!.colour, saidSoFar(s))) c.at('scoring.sums').fail(cannotHold(s, s.scoring!.colour, saidSoFar(s)));
}

function cannotHold(s: DiaboloState, colour: Colour, said: readonly Said[]): Text {
  const unseen = total(unseenValues(s.rows, s.discards, colour));
  if (said.length === 0) {
    return say({ de: 'niemand ohne ', en: 'nobody without ' }, colourRef(colour), { de: `: der Nachziehstapel (${s.drawPile}) hält nicht alle ungesehenen Karten`, en: `: the draw pile (${s.drawPile}) cannot hold every unseen card` });
  }
  return say(
    colourRef(colour),
    { de: ': die Summen ', en: ': the sums ' },
    joinTexts(said.map(({ seat, sum }) => say(seatRef(seat), ` ${sum}`)), ', '),
    { de: ` können nicht zugleich aus den ${unseen} ungesehenen Punkten der Farbe kommen, jede aus den Handkarten ihres Spielers`, en: ` cannot all come at once from the ${unseen} unseen points of the colour, each from its player's hand cards` },
  );
}
