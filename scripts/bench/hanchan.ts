/**
 * Whole-game throughput, one core, no I/O: hanchans per CPU second of
 *  (a) our engine with four tsumogiri bots (discard the drawn tile, win when possible),
 *  (b) majiang-core's own engine (Majiang.Game, run synchronously with do_sync) with four
 *      players that do the same; the same number of games on the same seeds (Math.random is
 *      swapped for our seeded PRNG while it runs, since its wall and seating draw from it);
 *  (c) our engine with four efficiencyBot players: the realistic figure (no peer).
 * ratio = (a) / (b), the like-for-like comparison. Both sides play hanchans of 12 hands of 70
 * discards (nobody calls, and on these seeds nobody wins; the bench prints both sides' hands per
 * game) and do per step what a self-play loop needs:
 *  - ours: the engine lists the acting seat's legal actions on its draw (discards, tsumo,
 *    riichi, kans, nine terminals) and, on every discard, each other seat's (ron with furiten,
 *    chii, pon, kan), which the bot reads; it logs the command, keeps the hand record and makes
 *    the events for each audience; the wall is the HMAC-SHA-256 stream of docs/FAIRNESS.md;
 *  - majiang-core: its player asks the engine for the same lists (get_dapai, get_gang_mianzi,
 *    allow_lizhi, allow_pingju, allow_hule on its draw; allow_hule, get_chi_mianzi,
 *    get_peng_mianzi, get_gang_mianzi on another's discard); the engine sends its messages to
 *    the four players, checks each reply and keeps its paipu; its wall comes from Math.random.
 * Rates are CPU time of this process (process.cpuUsage), not wall time: the machine may be
 * shared, and a preempted round would otherwise count against whichever runner it hit.
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
  // The engine's own checks of a reply, for the seat to move (no argument) or seat l (on a discard or kan).
  allow_hule(l?: number): boolean;
  get_dapai(): string[];
  get_gang_mianzi(l?: number): string[];
  allow_lizhi(): string[] | false;
  allow_pingju(): boolean;
  get_chi_mianzi(l: number): string[];
  get_peng_mianzi(l: number): string[];
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
 * tile, never calls. Like our bots, which are handed the engine's legal actions, it asks the
 * engine for its own whenever it may act (the Game methods the engine checks a reply with), rather
 * than keeping a board of its own from the messages as a Majiang.Player subclass would (which
 * costs that library more).
 */
class PeerTsumogiri {
  game!: MjGame;
  constructor(readonly id: number) {}
  action(msg: Message, reply?: Reply): void {
    if (!reply) return; // a notification (kaigang)
    const seat = this.game._model.player_id.indexOf(this.id);
    const draw = msg.zimo ?? msg.gangzimo;
    if (draw) {
      if (draw.l !== seat) return reply();
      const g = this.game;
      const legal = { discards: g.get_dapai(), kans: g.get_gang_mianzi(), riichi: g.allow_lizhi(), kyuushu: g.allow_pingju(), tsumo: g.allow_hule() };
      return reply(legal.tsumo ? { hule: '-' } : { dapai: draw.p + '_' });
    }
    const claimable = msg.dapai ?? (msg.gang && !/^[mpsz]\d{4}$/.test(msg.gang.m!) ? msg.gang : undefined);
    if (claimable && claimable.l !== seat) {
      const g = this.game;
      const ron = g.allow_hule(seat);
      if (msg.dapai) {
        if ((claimable.l + 1) % 4 === seat) g.get_chi_mianzi(seat);
        g.get_peng_mianzi(seat);
        g.get_gang_mianzi(seat);
      }
      return reply(ron ? { hule: '-' } : undefined);
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
  /** Games per CPU second, and per wall-clock second, of each round. */
  rates: number[];
  wallRates: number[];
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
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < r.games; i++) hands += r.play(i);
      const cpu = process.cpuUsage(cpu0);
      r.rates.push((r.games * 1e6) / (cpu.user + cpu.system));
      r.wallRates.push((r.games * 1000) / (performance.now() - t0));
      if (round > 0 && hands !== r.hands) throw new Error(`${r.name}: seeded games changed between rounds`);
      r.hands = hands;
    }
  }
}

export interface HanchanBench {
  /** Games per CPU second: ours and majiang-core's (tsumogiri players), ours with efficiency bots. */
  ours: number;
  peer: number;
  oursEfficiency: number;
  /** Median of the rounds' ours/peer quotients, by CPU time and by wall-clock time. */
  ratio: number;
  wallRatio: number;
  /** Hands per game of each side's tsumogiri games (the same work on both sides). */
  handsPerGame: { ours: number; peer: number };
}

export async function benchHanchan(): Promise<HanchanBench> {
  const rules = makeRuleset('tenhou');
  const rule = peerRule();
  const tsumogiri = [tsumogiriBot, tsumogiriBot, tsumogiriBot, tsumogiriBot];
  const efficiency = [efficiencyBot, efficiencyBot, efficiencyBot, efficiencyBot];
  const seed = (i: number) => `bench-hanchan-${i}`;
  const runner = (name: string, games: number, play: (i: number) => number): Runner => ({ name, games, play, rates: [], wallRates: [], hands: 0 });

  const runners = [
    runner('ours/tsumogiri', TSUMOGIRI_GAMES, (i) => oursGame(rules, seed(i), tsumogiri)),
    runner('majiang-core/tsumogiri', TSUMOGIRI_GAMES, (i) => peerGame(rule, seed(i))),
    runner('ours/efficiency', EFFICIENCY_GAMES, (i) => oursGame(rules, seed(i), efficiency)),
  ];
  measure(runners);
  const [ours, peer, oursEfficiency] = runners;
  const quotient = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]));
  const round1 = (x: number) => Math.round(x * 10) / 10;
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    ours: round1(median(ours.rates)),
    peer: round1(median(peer.rates)),
    oursEfficiency: round1(median(oursEfficiency.rates)),
    ratio: round2(quotient(ours.rates, peer.rates)),
    wallRatio: round2(quotient(ours.wallRates, peer.wallRates)),
    handsPerGame: { ours: round2(ours.hands / ours.games), peer: round2(peer.hands / peer.games) },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const t0 = performance.now();
  const { ours, peer, ratio, wallRatio, oursEfficiency, handsPerGame } = await benchHanchan();
  console.log(`hanchan (tsumogiri bots): ours ${ours}/s, majiang-core ${peer}/s (CPU time), ratio ${ratio}x (wall clock ${wallRatio}x)`);
  console.log(`hands per game: ours ${handsPerGame.ours}, majiang-core ${handsPerGame.peer}`);
  console.log(`hanchan (efficiency bots): ours ${oursEfficiency}/s (${Math.round(oursEfficiency * 60)}/min)`);
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
