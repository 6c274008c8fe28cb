import { kindOf, isRedId, type TileId } from '../tiles';
import { makeRuleset, type Ruleset } from '../rules';
import { Game } from '../game/game';
import { ScriptedWall, WallExhaustedError } from '../game/wall';
import { TileIds } from '../game/tileIds';
import type { Command, DrawKind, HandResult, Seat } from '../game/types';
import type { CallItem, DiscardItem, Tenhou6Game, Tenhou6Hand, Tile } from './tenhou6Types';

/** Where and why a replay stopped agreeing with the log. */
export interface ReplayMismatch {
  hand: number;
  label: string;
  /** The seat and its action index in the log, when an action was refused. */
  seat?: number;
  action?: number;
  reason: string;
}

export interface HandReplay {
  hand: number;
  label: string;
  ok: boolean;
  mismatch?: ReplayMismatch;
  game?: Game;
}

const WINDS = ['East', 'South', 'West', 'North'];
export const handLabel = (h: { round: number; honba: number }) => `${WINDS[(h.round >> 2) % 4]} ${(h.round % 4) + 1}, honba ${h.honba}`;

/** The `tenhou` ruleset with the red fives and game length a log's `rule` names. */
export function rulesForLog(game: Tenhou6Game): Ruleset {
  const disp = game.rule.disp ?? '';
  const aka = (code: 'aka51' | 'aka52' | 'aka53') => Math.min(1, Number(game.rule[code] ?? game.rule.aka ?? 1) ? 1 : 0);
  return makeRuleset('tenhou', {
    name: 'tenhou',
    redFives: [aka('aka51'), aka('aka52'), aka('aka53')],
    length: disp.includes('東') && !disp.includes('南') ? 'tonpuusen' : 'hanchan',
  });
}

class ReplayError extends Error {}

type RedFives = readonly number[];
/** A tile id is the logged tile: same kind, and red only where the ruleset has red fives. */
const matches = (id: TileId, t: Tile, red: RedFives) => kindOf(id) === t.kind && (isRedId(id) && red[Math.floor(kindOf(id) / 9)] === 1) === t.red;

/** Picks the id in `hand` for a tile the log names (ignoring redness when the ruleset has no red fives). */
function findTile(hand: readonly TileId[], t: Tile, red: RedFives, avoid: TileId | null = null): TileId {
  const candidates = hand.filter((id) => matches(id, t, red));
  const pick = candidates.find((id) => id !== avoid) ?? candidates[0];
  if (pick === undefined) throw new ReplayError(`tile kind ${t.kind}${t.red ? ' (red)' : ''} is not in the hand`);
  return pick;
}

function pickOwn(hand: readonly TileId[], own: readonly Tile[], red: RedFives): TileId[] {
  const rest = [...hand];
  return own.map((t) => {
    const id = findTile(rest, t, red);
    rest.splice(rest.indexOf(id), 1);
    return id;
  });
}

const DRAW_NAMES: Record<string, DrawKind> = {
  流局: 'exhaustive', 全員聴牌: 'exhaustive', 全員不聴: 'exhaustive', 流し満貫: 'nagashiMangan', 九種九牌: 'nineTerminals',
  四風連打: 'fourWinds', 四家立直: 'fourRiichi', 三家和了: 'tripleRon', 四槓散了: 'fourKans',
};

/** Builds the game of one logged hand: its rules, its start, and a wall made of the logged tiles. */
export function gameForHand(hand: Tenhou6Hand, rules: Ruleset): Game {
  const ids = new TileIds(rules.redFives);
  const haipai = hand.haipai.map((tiles) => tiles.map((t) => ids.take(t)));
  const draws = hand.draws.map((items) => items.filter((d) => d.type === 'draw').map((d) => ids.take(d.tile)));
  const dora = hand.doraIndicators.map((t) => ids.take(t));
  const ura = hand.uraIndicators.map((t) => ids.take(t));
  const wall = new ScriptedWall(haipai, draws, dora, ura);
  return new Game({
    rules,
    wallFor: () => wall,
    start: { round: hand.round, honba: hand.honba, riichiSticks: hand.riichiSticks, scores: [...hand.startScores] },
  });
}

/**
 * Replays one logged hand through the engine: every logged action must be legal at its moment,
 * and the hand must end as logged (kind of end, winners, han, fu, yaku, score changes).
 *
 * A log does not say which discard a call took, only the tile and the seat it came from. When
 * the same seat discards the same tile twice before the caller's next turn, the first matching
 * discard may be the wrong one: the replay then tries again with that call deferred to the next
 * match (a small breadth-first search over deferred calls), and reports the attempt that got
 * furthest if none fits.
 */
export function replayHand(hand: Tenhou6Hand, rules: Ruleset, index = 0): HandReplay {
  const queue: number[][] = [[]];
  const tried = new Set<string>();
  let first: HandReplay | null = null;
  while (queue.length > 0 && tried.size < 256) {
    const deferred = queue.shift()!;
    const key = deferred.join(',');
    if (tried.has(key)) continue;
    tried.add(key);
    const callsTaken: number[] = [];
    const replay = replayOnce(hand, rules, index, new Set(deferred), callsTaken);
    if (replay.ok) return replay;
    // Report the attempt that got furthest: one that reached the end of the hand if any.
    if (!first || (first.mismatch?.seat !== undefined && replay.mismatch?.seat === undefined)) first = replay;
    for (const c of [...callsTaken].reverse()) queue.push([...deferred, c].sort((a, b) => a - b));
  }
  return first!;
}

/** One replay attempt; the calls it took (numbered in order of matching) go to `callsTaken`. */
function replayOnce(hand: Tenhou6Hand, rules: Ruleset, index: number, deferred: Set<number>, callsTaken: number[]): HandReplay {
  let matchNo = 0;
  const label = handLabel(hand);
  const fail = (reason: string, seat?: number, action?: number): HandReplay => ({ hand: index, label, ok: false, mismatch: { hand: index, label, seat, action, reason } });
  let game: Game;
  try {
    game = gameForHand(hand, rules);
  } catch (e) {
    if (e instanceof RangeError) return fail(e.message);
    throw e;
  }
  const cursor = [0, 0, 0, 0];
  const result = hand.result;
  const winners = result.type === 'win' ? result.wins : [];
  const lastOf = (seat: number) => cursor[seat] >= hand.discards[seat].length;

  for (let steps = 0; game.phase === 'turn' || game.phase === 'claims'; steps++) {
    if (steps > 2000) return fail('the replay does not end');
    let seat: Seat = game.turn;
    let command: Command;
    try {
      if (game.phase === 'turn') {
        const s = game.seats[seat];
        const item: DiscardItem | undefined = hand.discards[seat][cursor[seat]];
        if (item === undefined) {
          if (winners.some((w) => w.winner === seat && w.from === seat)) command = { type: 'tsumo' };
          else if (result.type === 'draw' && result.name === '九種九牌') command = { type: 'kyuushu' };
          else return fail('the log has no more actions for the seat whose turn it is', seat, cursor[seat]);
        } else if (item.type === 'discard') {
          const tile = item.tsumogiri ? s.drawn! : findTile(s.hand, item.tile, rules.redFives, s.drawn);
          command = { type: item.riichi ? 'riichi' : 'discard', tile };
        } else if (item.type === 'ankan') command = { type: 'ankan', tile: findTile(s.hand, item.tiles[0], rules.redFives) };
        else if (item.type === 'shouminkan') command = { type: 'shouminkan', tile: findTile(s.hand, item.tile, rules.redFives) };
        else return fail('a daiminkan slot where a discard was expected', seat, cursor[seat]);
        cursor[seat]++;
      } else {
        // Claim window: answer for the first seat that still has to.
        const waiting = ([0, 1, 2, 3] as Seat[]).filter((x) => game.legalActions(x).length > 0);
        seat = waiting[0];
        command = claimFor(game, hand, seat, cursor, winners, lastOf);
        if (command.type === 'chii' || command.type === 'pon' || command.type === 'daiminkan') {
          const n = matchNo++;
          if (deferred.has(n)) command = { type: 'pass' };
          else callsTaken.push(n);
        }
        // Draw and discard lists pair up by index: a chii or pon shares its index with the
        // discard after it; a daiminkan's index holds Tenhou's 0 in the discard list.
        if (command.type === 'daiminkan') cursor[seat]++;
      }
    } catch (e) {
      if (e instanceof ReplayError) return fail(e.message, seat, cursor[seat]);
      throw e;
    }
    let r;
    try {
      r = game.apply(seat, command);
    } catch (e) {
      if (e instanceof WallExhaustedError) return fail(`${command.type}: ${e.message}`, seat, cursor[seat]);
      throw e;
    }
    if (!r.ok) return fail(`${command.type} refused: ${r.refusal.code} (${r.refusal.reason})`, seat, cursor[seat]);
  }
  const problem = compareResult(game, hand);
  return problem ? { ...fail(problem), game } : { hand: index, label, ok: true, game };
}

function claimFor(game: Game, hand: Tenhou6Hand, seat: Seat, cursor: number[], winners: { winner: number; from: number }[], lastOf: (s: number) => boolean): Command {
  const actions = game.legalActions(seat);
  const from = game.turn;
  if (actions.some((a) => a.type === 'ron') && winners.some((w) => w.winner === seat && w.from === from) && lastOf(from)) return { type: 'ron' };
  const next = hand.draws[seat][cursor[seat]];
  if (next && next.type !== 'draw' && (seat - next.from + 4) % 4 === from) {
    const call = next as CallItem;
    const claimed = game.claimTile;
    if (claimed !== null && kindOf(claimed) === call.tile.kind) {
      const own = pickOwn(game.seats[seat].hand, call.own, game.rules.redFives);
      if (call.type === 'daiminkan') return { type: 'daiminkan', tiles: own as [TileId, TileId, TileId] };
      return { type: call.type, tiles: own as [TileId, TileId] };
    }
  }
  return { type: 'pass' };
}

function compareResult(game: Game, hand: Tenhou6Hand): string | null {
  const got: HandResult | null = game.lastResult;
  if (!got) return 'the hand did not end';
  const want = hand.result;
  if (want.type === 'draw') {
    const kind = DRAW_NAMES[want.name];
    if (got.kind !== 'draw' || got.draw !== kind) return `ended ${describe(got)}, log says ${want.name}`;
    if (want.deltas && !sameNumbers(got.deltas, want.deltas)) return `draw payments ${got.deltas} differ from the log's ${want.deltas}`;
    return null;
  }
  if (got.kind !== 'win') return `ended ${describe(got)}, log says a win`;
  if (got.wins.length !== want.wins.length) return `${got.wins.length} winners, log says ${want.wins.length}`;
  for (let i = 0; i < want.wins.length; i++) {
    const w = want.wins[i];
    const g = got.wins[i];
    const who = `win ${i + 1} (seat ${w.winner})`;
    if (g.winner !== w.winner || g.from !== w.from) return `${who}: engine has seat ${g.winner} from ${g.from}, log has ${w.winner} from ${w.from}`;
    if (!sameNumbers(g.deltas, w.deltas)) return `${who}: deltas ${g.deltas} differ from the log's ${w.deltas}`;
    if (w.yaku.length) {
      const wantYaku = w.yaku.filter((y) => y.han > 0).map((y) => `${y.id ?? y.name}:${y.han}`).sort().join(' ');
      const gotYaku = g.score.yaku.filter((y) => y.han > 0).map((y) => `${y.id}:${y.han}`).sort().join(' ');
      if (wantYaku !== gotYaku) return `${who}: yaku ${gotYaku} differ from the log's ${wantYaku}`;
    }
    const fu = w.pointsText?.match(/^(\d+)符/);
    if (fu && Number(fu[1]) !== g.score.fu) return `${who}: ${g.score.fu} fu, log says ${fu[1]}`;
  }
  return null;
}

const sameNumbers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const describe = (r: HandResult) => (r.kind === 'win' ? `in a win by ${r.wins.map((w) => w.winner).join(',')}` : `in a draw (${r.draw})`);

export interface GameReplay {
  hands: HandReplay[];
  matched: number;
}

/**
 * Replays every hand of a log. Each hand starts from its logged start; where hands chain,
 * the engine's next start (round, honba, sticks, scores) must equal the log's next hand, and
 * for a complete game the engine must end the game after the last hand.
 */
export function replayGame(game: Tenhou6Game, rules = rulesForLog(game), opts: { complete?: boolean } = {}): GameReplay {
  const hands: HandReplay[] = [];
  game.hands.forEach((hand, i) => {
    let r = replayHand(hand, rules, i);
    const next = game.hands[i + 1];
    if (r.ok && r.game) {
      // A complete game's last hand must end the game; any other hand must lead to the next.
      const problem = next ? compareNextStart(r.game, next) : opts.complete && r.game.phase !== 'gameOver' ? 'the log ends the game here, the engine goes on' : null;
      if (problem) r = { ...r, ok: false, mismatch: { hand: i, label: r.label, reason: problem } };
    }
    hands.push(r);
  });
  return { hands, matched: hands.filter((h) => h.ok).length };
}

function compareNextStart(game: Game, next: Tenhou6Hand): string | null {
  if (game.phase === 'gameOver') return `the engine ended the game, the log goes on with ${handLabel(next)}`;
  const n = game.nextStart();
  const got = { round: n.round, honba: n.honba, sticks: n.riichiSticks, scores: n.scores };
  const want = { round: next.round, honba: next.honba, sticks: next.riichiSticks, scores: next.startScores };
  if (got.round !== want.round || got.honba !== want.honba || got.sticks !== want.sticks || !sameNumbers(got.scores, want.scores))
    return `next hand starts ${handLabel(got)} sticks ${got.sticks} scores ${got.scores}, log has ${handLabel(want)} sticks ${want.sticks} scores ${want.scores}`;
  return null;
}
