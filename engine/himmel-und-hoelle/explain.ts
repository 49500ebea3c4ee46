import { SIDE_NAME, placeName, type Side } from './board.ts';
import { accounting, diagnose, giveUp, precheck } from './explain-diagnose.ts';
import { searchTurn as exactSearch, type BattlePlan, type FightSeen, type SearchResult } from './explain-search.ts';
import type { BattleAsked, HuhExplanation } from './explain-types.ts';
import type { HuhObservation } from './parse.ts';
import { battleWinner, legalCards } from './rules.ts';
import { other, sameDice, type HuhDie, type HuhState } from './state.ts';

export type { BattleAsked, HuhExplanation } from './explain-types.ts';

const MAX_ALTERNATIVES = 5;
/** Positions the exact search may expand before the greedy ones take over. */
const EXACT_LIMIT = 2_000;
/** How much more the greedy searches trust their lower bound than A* does. */
const GREEDY_WEIGHT = 3;
const LAZY_LIMIT = 20_000;
const GREEDY_LIMIT = 20_000;
/**
 * Positions the searches for battles nobody entered may expand (a guess at what the board shows):
 * first the greedy search step by step, then the lazy one (to each battle in one go, the rest in
 * single goes); with no cap on the battles, then the step-by-step one run to its end
 * (`completeLimit`).
 */
const OPEN_LIMIT = 5_000;
const LAZY_OPEN_LIMIT = 3_000;
/** Battles nobody entered that `openSearch` tries to do with, fewest first, before it searches without a cap. */
const MOST_OPEN = 4;

/**
 * The last search of each kind runs until it has looked at every position its lower bound lets
 * through (`completeLimit`): it cannot miss an explanation, and it ends, for the positions within
 * the turn's AP are finitely many (each kept once, by the fewest AP that reach it). Given a
 * `budget` (tests), it stops at this many positions times the budget instead.
 */
const COMPLETE_LIMIT = 320_000;
const completeLimit = (budget: number | undefined) => (budget === undefined ? Infinity : COMPLETE_LIMIT * budget);

/**
 * The cheapest explanation where A* proves it within EXACT_LIMIT positions. Else the first one a
 * greedy search finds (weighted A*: fast, legal, maybe dearer than the cheapest), marked so: first
 * one that lets only the attacker walk before each battle (most turns fight with dice already at
 * the front), then one without that restriction, run to its end where `complete` is given (the
 * cards entered: the answer then cannot be "none found" unless there is none).
 */
function searchTurn(s: HuhState, dice: readonly HuhDie[], plan: BattlePlan, budget: number, complete?: number): SearchResult & { cheapest: boolean } {
  const exact = exactSearch(s, dice, plan, { limit: EXACT_LIMIT * budget });
  if (exact.found.length > 0 || !exact.limitHit) return { ...exact, cheapest: true };
  const lazy = plan.kind === 'cards' && plan.cards.length > 0 ? exactSearch(s, dice, plan, { lazy: true, weight: GREEDY_WEIGHT, limit: LAZY_LIMIT * budget }) : null;
  if (lazy && lazy.found.length > 0) return { ...lazy, cheapest: false };
  // The same search runs on where it is the last (`complete`): a limit only cuts it short.
  return { ...exactSearch(s, dice, plan, { weight: GREEDY_WEIGHT, limit: complete ?? GREEDY_LIMIT * budget }), cheapest: false };
}

/**
 * Battles nobody entered, the fewest the board needs: the searches with at most one battle, then
 * two, up to MOST_OPEN (each greedy, then lazy, at OPEN_LIMIT and LAZY_OPEN_LIMIT); then without
 * a cap the same, and the step-by-step search run to its end (`complete`, finite unless a test's
 * budget cuts it). Left to itself, a greedy search takes a battle wherever one gives pips or
 * actions for free, and named battles the board does not show. `limitHit` only where a budget
 * stopped the last search before it could say there is none.
 */
function openSearch(s: HuhState, dice: readonly HuhDie[], budget: number, complete: number): SearchResult {
  for (let most = 1; most <= MOST_OPEN; most++) {
    const r = openRound(s, dice, budget, most);
    if (r.found.length > 0) return r;
  }
  const r = openRound(s, dice, budget);
  if (r.found.length > 0 || !r.limitHit) return r;
  // The same greedy search again, run on to the end (a limit only cuts it short).
  return exactSearch(s, dice, { kind: 'open' }, { weight: GREEDY_WEIGHT, limit: complete });
}

/** One round of `openSearch`: the greedy search step by step, then the lazy one, with at most `most` battles. */
function openRound(s: HuhState, dice: readonly HuhDie[], budget: number, most?: number): SearchResult {
  const open = { kind: 'open', most } as const;
  const r = exactSearch(s, dice, open, { weight: GREEDY_WEIGHT, limit: OPEN_LIMIT * budget });
  if (r.found.length > 0 || !r.limitHit) return r;
  const lazy = exactSearch(s, dice, open, { lazy: true, weight: GREEDY_WEIGHT, limit: LAZY_OPEN_LIMIT * budget });
  // The lazy search leaves ways out, so finding nothing proves nothing: the limit stands.
  return lazy.found.length > 0 ? lazy : r;
}

const ofSide = (dice: readonly HuhDie[], side: Side) => dice.filter((d) => d.side === side);

/**
 * A first battle's cards entered against the battle pending in `s`, where a seat already chose
 * another card: what was chosen there stands, so the entry is wrong (the chosen card is not named:
 * it may still be hidden from the other side).
 */
function contradicts(s: HuhState, cards: [number, number]): HuhExplanation | null {
  for (const seat of [0, 1] as const) {
    const chosen = s.battle!.cards[seat];
    if (chosen === null || chosen < 0 || chosen === cards[seat]) continue;
    const [de, en] = [SIDE_NAME[seat].de, SIDE_NAME[seat].en];
    return {
      legal: false,
      code: 'card-contradicts',
      reason: {
        de: `${de} hat für den laufenden Kampf schon eine Karte gewählt, nicht die eingegebene ${cards[seat]}: bitte die Karten dieses Kampfes prüfen.`,
        en: `${en} already chose a card for the battle under way, not the ${cards[seat]} entered: please check this battle's cards.`,
      },
    };
  }
  return null;
}

function legal(r: SearchResult & { cheapest: boolean }): HuhExplanation {
  const bySignature = new Map<string, SearchResult['found'][number]>();
  for (const f of r.found) if (!bySignature.has(f.signature)) bySignature.set(f.signature, f);
  const [first, ...rest] = [...bySignature.values()];
  const alternatives = rest.slice(0, MAX_ALTERNATIVES).map((f) => f.moves);
  return {
    legal: true,
    unchanged: false,
    moves: first.moves,
    ap: first.ap,
    cheapest: r.cheapest,
    alternatives,
    ...(alternatives.length > 0
      ? {
          note: {
            de: `${alternatives.length + 1} gleich günstige Erklärungen (${first.ap} AP); die Würfel sind gleich, also zählt jede.`,
            en: `${alternatives.length + 1} equally cheap explanations (${first.ap} AP); the dice look alike, so any of them holds.`,
          },
        }
      : {}),
  };
}

/**
 * The cards of battles the board shows, where the position tells them: a seat whose only cards
 * that give the battle its result are one card. Null for a card the board cannot tell.
 */
function cardsFromBoard(s: HuhState, fights: FightSeen[]): ([number | null, number | null])[] {
  const hands: [number[], number[]] = [[...s.cards[0]], [...s.cards[1]]];
  return fights.map((f, k) => {
    const att = f.attacker.side;
    const chosen = k === 0 && s.phase === 'battle' ? s.battle!.cards : [null, null];
    const cardsFor = (seat: Side, pips: number) => (chosen[seat] !== null ? [chosen[seat]!] : legalCards({ ...s, cards: hands }, seat, pips));
    const pairs: [number, number][] = [];
    for (const ca of cardsFor(att, f.attacker.pips)) {
      for (const cd of cardsFor(other(att), f.defender.pips)) {
        const attackerWins = battleWinner(f.attacker.pips, ca, f.defender.pips, cd) === 'attacker';
        if (attackerWins === (f.winner === att)) pairs.push(att === 0 ? [ca, cd] : [cd, ca]);
      }
    }
    const only = (seat: Side) => (new Set(pairs.map((p) => p[seat])).size === 1 ? pairs[0][seat] : null);
    const told: [number | null, number | null] = [only(0), only(1)];
    for (const seat of [0, 1] as const) {
      const c = told[seat];
      if (c !== null && c !== 0) hands[seat] = hands[seat].filter((x) => x !== c);
    }
    return told;
  });
}

function cardsNeeded(fights: FightSeen[]): HuhExplanation {
  const battles: BattleAsked[] = fights.map((f) => ({
    attacker: f.attacker.at,
    defender: f.defender.at,
    attackerPips: f.attacker.pips,
    defenderPips: f.defender.pips,
    winner: f.winner,
  }));
  const list = (lang: 'de' | 'en') =>
    battles
      .map((b) => {
        const [a, d, w] = [placeName(b.attacker)[lang], placeName(b.defender)[lang], SIDE_NAME[b.winner][lang]];
        return lang === 'de' ? `${a} greift ${d} an, ${w} gewinnt` : `${a} attacks ${d}, ${w} wins`;
      })
      .join('; ');
  const n = battles.length;
  return {
    legal: false,
    code: 'cards-needed',
    reason: {
      de: `Auf dem Brett ${n === 1 ? 'ist ein Kampf' : `sind ${n} Kämpfe`} zu sehen (${list('de')}): bitte die Karten ${n === 1 ? 'dieses Kampfes' : 'dieser Kämpfe'} eingeben.`,
      en: `The board shows ${n === 1 ? 'a battle' : `${n} battles`} (${list('en')}): please enter ${n === 1 ? 'its cards' : 'their cards'}.`,
    },
    battles,
  };
}

/**
 * The cheapest action sequences within the turn's AP that turn `s` (the start of the turn or any
 * state within it, a battle or a free AP pending included) into the observed position.
 * `observed.battles` lists the cards of each battle fought since, in order. Left out, the cards
 * were not entered: a position that needs no battle is explained without; one that does is
 * answered `cards-needed`, naming the battles the board shows, unless the position tells their
 * cards (then it is explained with them).
 */
export function explain(s: HuhState, obs: HuhObservation, opts: { budget?: number } = {}): HuhExplanation {
  // A share of the searches' usual limits: a test shows what a search that gives up answers.
  const budget = opts.budget ?? 1;
  const complete = completeLimit(opts.budget);
  if (s.phase === 'over') return { legal: false, code: 'game-over', reason: { de: 'Das Spiel ist schon zu Ende.', en: 'The game is already over.' } };
  if (s.phase === 'setup') return { legal: false, code: 'setup', reason: { de: 'Erst die Startwerte setzen.', en: 'Set the start values first.' } };
  const pre = precheck(s, obs);
  if (pre) return pre;
  const entered = obs.battles;
  if ((entered?.length ?? 0) === 0 && sameDice(s.dice, obs.dice)) return { legal: true, unchanged: true, moves: [], ap: 0, cheapest: true, alternatives: [] };
  if (entered) {
    if (s.phase === 'battle' && entered.length === 0) {
      return {
        legal: false,
        code: 'battle-pending',
        reason: { de: 'Ein Kampf läuft: erst seine Karten eingeben.', en: 'A battle is under way: enter its cards first.' },
      };
    }
    const contradicted = s.phase === 'battle' && entered.length > 0 ? contradicts(s, entered[0].cards) : null;
    if (contradicted) return contradicted;
    const refused = entered.length === 0 && s.phase === 'turn' ? accounting(s, obs) : null;
    if (refused) return refused;
    const r = searchTurn(s, obs.dice, { kind: 'cards', cards: entered.map((b) => b.cards) }, budget, complete);
    return r.found.length > 0 ? legal(r) : diagnose(s, obs, r.limitHit);
  }
  // Not entered: a position that needs no battle is explained without one. What the turn's AP
  // cannot pay without a battle is refused at once where no battle can have been fought: an enemy
  // die changed shows one, but a battle may also leave every enemy die as it was (a defender on 6
  // wins, one on 1 loses), so with the enemy unchanged the battles are still searched.
  const withoutBattle = s.phase === 'turn' ? accounting(s, obs) : null;
  // Within the turn, only a battle (and its free AP) changes an enemy die: no search without one.
  const enemyMoved = s.phase === 'turn' && !sameDice(ofSide(s.dice, other(s.active)), ofSide(obs.dice, other(s.active)));
  const plain = s.phase === 'battle' || withoutBattle || enemyMoved ? null : searchTurn(s, obs.dice, { kind: 'cards', cards: [] }, budget);
  if (plain && plain.found.length > 0) return legal(plain);
  const open = openSearch(s, obs.dice, budget, complete);
  if (open.found.length === 0) {
    // A search that gave up proved nothing: the turn may well be legal, so it is not refused by a
    // rule but the player asked to enter it in steps. Only a `budget` stops the last open search,
    // which also looks at every way without a battle (the plain search's).
    if (open.limitHit) return giveUp(s, obs, true);
    return withoutBattle ?? diagnose(s, obs, false);
  }
  const fights = open.found[0].fights;
  // No battle fought (one may be pending, its cards not yet chosen): nothing to ask for.
  if (fights.length === 0) return legal({ ...open, cheapest: false });
  const told = cardsFromBoard(s, fights);
  if (told.every((c) => c[0] !== null && c[1] !== null)) {
    const r = searchTurn(s, obs.dice, { kind: 'cards', cards: told as [number, number][] }, budget);
    if (r.found.length > 0) return legal(r);
  }
  return cardsNeeded(fights);
}

