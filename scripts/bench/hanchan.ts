/**
 * Whole-game throughput, one core, no I/O: hanchans per second of
 *  (a) our engine with four tsumogiri bots (discard the drawn tile, win when possible),
 *  (b) majiang-core's own engine (Majiang.Game, run synchronously with do_sync) with four
 *      players that do the same; the same number of games on the same seeds (Math.random is
 *      swapped for our seeded PRNG while it runs, since its wall and seating draw from it);
 *  (c) our engine with four efficiencyBot players: the realistic figure (no peer).
 * ratio = (a) / (b), the like-for-like comparison.
 * Run directly: npx tsx scripts/bench/hanchan.ts
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeRuleset, type Ruleset } from '@jantaku/shared/rules/index';
import { playGame } from '@jantaku/shared/bots/selfPlay';
import { tsumogiriBot } from '@jantaku/shared/bots/tsumogiri';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { Bot } from '@jantaku/shared/bots/types';
import { Rng } from '@jantaku/shared/game/rng';

/** Games per timed round for the tsumogiri comparison (each engine plays the same seeds). */
const TSUMOGIRI_GAMES = 40;
/** Games per timed round with efficiency bots (no peer to pair with, so fewer suffice). */
const EFFICIENCY_GAMES = 20;
/**
 * Timed rounds; the median round of each runner gives its rate, and the median of the rounds'
 * ours/peer quotients the ratio (rounds alternate runners, so a round's pair saw the same load).
 */
const ROUNDS = 7;
const WARMUP_GAMES = 10;

// ------------------------------------------------------------------ majiang-core's engine

/** The parts of majiang-core used here (it ships no type declarations). */
interface MjGame {
  _model: { player_id: number[] };
  _paipu: { log: unknown[][] };
  /** The engine's own check that the seat to move (no argument) or seat l (on a discard or kan) may win. */
  allow_hule(l?: number): boolean;
  do_sync(): MjGame;
}
interface MajiangCore {
  rule(overrides?: Record<string, unknown>): object;
  Game: new (players: object[], callback: null, rule: object, title: string) => MjGame;
}
const Majiang = createRequire(import.meta.url)('@kobalab/majiang-core') as MajiangCore;

type Message = Record<string, { l: number; p?: string; m?: string } | undefined>;
type Reply = (reply?: object) => void;

/**
 * Tsumogiri for majiang-core: wins when it may (tsumo, ron, chankan), otherwise discards the drawn
 * tile, never calls. Like our bots, which read tsumo/ron off the engine's legal actions, it asks the
 * engine (Game#allow_hule, the check the engine applies to a win reply) rather than keeping a board
 * of its own from the messages as a Majiang.Player subclass would (which costs that library more).
 */
class PeerTsumogiri {
  game!: MjGame;
  constructor(readonly id: number) {}
  action(msg: Message, reply?: Reply): void {
    if (!reply) return; // a notification (kaigang)
    const seats = this.game._model.player_id;
    const draw = msg.zimo ?? msg.gangzimo;
    if (draw) {
      if (seats[draw.l] !== this.id) return reply();
      return reply(this.game.allow_hule() ? { hule: '-' } : { dapai: draw.p + '_' });
    }
    const claimable = msg.dapai ?? (msg.gang && !/^[mpsz]\d{4}$/.test(msg.gang.m!) ? msg.gang : undefined);
    if (claimable && seats[claimable.l] !== this.id) {
      return reply(this.game.allow_hule(seats.indexOf(this.id)) ? { hule: '-' } : undefined);
    }
    reply();
  }
}

/** majiang's rule object for Tenhou's rules (its defaults are Tenhou's, bar these two). */
const peerRule = () => Majiang.rule({ '連風牌は2符': false, 'ダブル役満あり': false });

/** One majiang-core hanchan, seeded: Math.random (its wall and seating) is our PRNG while the game runs. */
function peerGame(rule: object, seed: string): number {
  const rng = new Rng(seed);
  const random = Math.random;
  Math.random = () => rng.nextU32() / 0x1_0000_0000;
  try {
    const players = [0, 1, 2, 3].map((id) => new PeerTsumogiri(id));
    const game = new Majiang.Game(players, null, rule, 'bench');
    for (const p of players) p.game = game;
    return game.do_sync()._paipu.log.length;
  } finally {
    Math.random = random;
  }
}

// ------------------------------------------------------------------ ours

function oursGame(rules: Ruleset, seed: string, bots: readonly Bot[]): number {
  const game = playGame(rules, seed, bots);
  if (game.phase !== 'gameOver') throw new Error(`game ${seed} did not finish`);
  return game.hands.length;
}

// ------------------------------------------------------------------ timing

interface Runner {
  name: string;
  games: number;
  /** Plays game i of a round; returns the number of hands it had (a checksum). */
  play(i: number): number;
  rates: number[];
  hands: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Plays some of every runner's games untimed, then ROUNDS timed rounds, alternating runners so load falls on all alike. */
function measure(runners: Runner[]): void {
  for (const r of runners) for (let i = 0; i < Math.min(WARMUP_GAMES, r.games); i++) r.play(i);
  for (let round = 0; round < ROUNDS; round++) {
    for (const r of runners) {
      let hands = 0;
      const t0 = performance.now();
      for (let i = 0; i < r.games; i++) hands += r.play(i);
      r.rates.push((r.games * 1000) / (performance.now() - t0));
      if (round > 0 && hands !== r.hands) throw new Error(`${r.name}: seeded games changed between rounds`);
      r.hands = hands;
    }
  }
}

export async function benchHanchan(): Promise<{ ours: number; peer: number; ratio: number; oursEfficiency: number }> {
  const rules = makeRuleset('tenhou');
  const rule = peerRule();
  const tsumogiri = [tsumogiriBot, tsumogiriBot, tsumogiriBot, tsumogiriBot];
  const efficiency = [efficiencyBot, efficiencyBot, efficiencyBot, efficiencyBot];
  const seed = (i: number) => `bench-hanchan-${i}`;
  const runner = (name: string, games: number, play: (i: number) => number): Runner => ({ name, games, play, rates: [], hands: 0 });

  const runners = [
    runner('ours/tsumogiri', TSUMOGIRI_GAMES, (i) => oursGame(rules, seed(i), tsumogiri)),
    runner('majiang-core/tsumogiri', TSUMOGIRI_GAMES, (i) => peerGame(rule, seed(i))),
    runner('ours/efficiency', EFFICIENCY_GAMES, (i) => oursGame(rules, seed(i), efficiency)),
  ];
  measure(runners);
  const [ours, peer, oursEfficiency] = runners;
  const ratio = median(ours.rates.map((r, i) => r / peer.rates[i]));
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return { ours: round1(median(ours.rates)), peer: round1(median(peer.rates)), ratio: Math.round(ratio * 100) / 100, oursEfficiency: round1(median(oursEfficiency.rates)) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const t0 = performance.now();
  const { ours, peer, ratio, oursEfficiency } = await benchHanchan();
  console.log(`hanchan (tsumogiri bots): ours ${ours}/s, majiang-core ${peer}/s, ratio ${ratio}x`);
  console.log(`hanchan (efficiency bots): ours ${oursEfficiency}/s (${Math.round(oursEfficiency * 60)}/min)`);
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
