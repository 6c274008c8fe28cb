/**
 * A refused command leaves the game exactly as it was: for every refusal code the engine can be
 * made to give, and for random garbage thrown at random games.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '@jantaku/shared/game/game';
import { Rng } from '@jantaku/shared/game/rng';
import type { Command, RefusalCode, Seat } from '@jantaku/shared/game/types';
import { SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import { randomChooser } from '../support/randomBot';
import { discard, passClaims, play, riichi, scenario, snapshot, tileOf, tilesOf, tsumogiri, tsumogiriUntil, type Scenario } from '../support/scenario';

const NOTEN: Scenario['haipai'] = ['147m258p369s1234z', '147m258p369s1567z', '258m369p147s2345z', '369m147p258s3467z'];
const pair = (g: Game, seat: Seat, mpsz: string) => tilesOf(g, seat, mpsz) as [number, number];
/** A tile id of kind `mpsz` that `seat` does not hold. */
const notHeld = (g: Game, seat: Seat, mpsz: string) => {
  const k = tileOf(g, ((seat + 1) % 4) as Seat, mpsz);
  expect(g.seats[seat].hand).not.toContain(k);
  return k;
};

const quiet = () => scenario({ rules: 'tenhou', haipai: NOTEN });

/** Seat 0 has thrown 3m: seat 1 may chii (12m), seat 2 pon or kan (333m), seat 3 ron. */
const claimWindow = () => {
  const g = scenario({ rules: 'tenhou', haipai: ['3m58m147p369s1234z', '12m9m147p258s1234z', '333m369p147s5677z', '45m234p345p678s22s'] });
  play(g, discard(g, 0, '3m'));
  return g;
};
/** Seat 2 has just ponned 3m and still holds the third. */
const afterPon = () => {
  const g = claimWindow();
  play(g, [1, { type: 'pass' }], [3, { type: 'pass' }], [2, { type: 'pon', tiles: pair(g, 2, '33m') }]);
  return g;
};
/** Seat 0 (dealer, 1,000 points) holds 123456789m 1155z and has drawn 9s. */
const tenpaiDealer = (scores = [25000, 25000, 25000, 25000]) =>
  scenario({ rules: 'tenhou', haipai: ['123456789m1155z', NOTEN[1], NOTEN[2], NOTEN[3]], draws: ['9s1z', '', '', ''], start: { round: 0, honba: 0, riichiSticks: 0, scores } });
/** The dealer is in riichi and has drawn again. */
const inRiichi = () => {
  const g = tenpaiDealer();
  play(g, riichi(g, 0, '9s'));
  passClaims(g);
  tsumogiriUntil(g, (x) => x.turn === 0);
  return g;
};
/** Seat 2 (23m 234p 222s 567s 55p) may chii seat 1's 1m, which completes its hand without a yaku. */
const noYaku = () => {
  const g = scenario({ rules: 'tenhou', haipai: ['7z147p258s3469m15z', '1m77z369m147s2356z', '23m234p222s567s55p', '1m258p369s147m234z'], draws: ['6z', '6z', '', ''] });
  tsumogiri(g);
  play(g, discard(g, 1, '1m'));
  return g;
};
/** Seat 1 (45678m 222p 567s 55s) threw 9m, then seat 0 throws 3m: chii is possible, ron is furiten. */
const furiten = () => {
  const g = scenario({ rules: 'ema2012', haipai: ['3m147p369s16m1234z', '45678m222p567s55s', NOTEN[2], NOTEN[3]], draws: ['', '9m', '6z', '7z'] });
  tsumogiri(g);
  play(g, discard(g, 1, '9m'));
  passClaims(g);
  tsumogiri(g);
  tsumogiri(g);
  play(g, discard(g, 0, '3m'));
  return g;
};
/** Seat 1 has drawn the last tile, the fourth 7p; its discard of 9s would be the last. */
const lastTile = () => {
  const g = scenario({
    rules: 'tenhou',
    haipai: ['19m19p1s11223344z', '777p9s1234z24568m', '234m678m345p4556s', '2468m2468p999s57z'],
    draws: ['', `${'*'.repeat(17)}7p`, '', ''],
  });
  tsumogiriUntil(g, (x) => x.remaining === 0);
  return g;
};
/** Seat 1 has drawn the last tile (5s) and thrown it: seat 2 may only ron. */
const lastDiscard = () => {
  const g = scenario({
    rules: 'tenhou',
    haipai: ['19m19p1s11223344z', '147m258p369s1234z', '234m678m345p4556s', '2468m2468p777z5s9s'],
    draws: ['', `${'*'.repeat(17)}5s`, '', ''],
  });
  tsumogiriUntil(g, (x) => x.remaining === 0);
  play(g, discard(g, 1, '5s'));
  return g;
};
/** Seat 0 has made four kans; seat 1 holds four 5p. */
const fourKans = () => {
  const g = scenario({
    rules: 'tenhou',
    haipai: ['1111m2222m3333m4m', '5555p69m258s1367z', '58m369p147s23456z', '69m147p258s34567z'],
    draws: ['4m4m4m1z2z', '', '', ''],
  });
  for (const k of ['1m', '2m', '3m', '4m']) play(g, [0, { type: 'ankan', tile: tileOf(g, 0, k) }]);
  play(g, discard(g, 0, '2z'));
  passClaims(g);
  return g;
};
/** The dealer is in riichi on 3334m 234p 567p 789s and has drawn the fourth 3m. */
const riichiBadKan = () => {
  const g = scenario({ rules: 'tenhou', haipai: ['3334m234p567p789s', NOTEN[1], NOTEN[2], '69m147p258s34677z'], draws: ['9p3m', '', '', ''] });
  play(g, riichi(g, 0, '9p'));
  passClaims(g);
  tsumogiriUntil(g, (x) => x.turn === 0);
  return g;
};
const handOver = () => {
  const g = scenario({ rules: 'tenhou', haipai: ['19m19p19s1234z258m', NOTEN[1], NOTEN[2], NOTEN[3]], draws: ['5z', '', '', ''] });
  play(g, [0, { type: 'kyuushu' }]);
  return g;
};
const gameOver = () => {
  const g = scenario({ rules: 'tenhou', haipai: ['123456789m1155z', NOTEN[1], NOTEN[2], NOTEN[3]], start: { round: 0, honba: 0, riichiSticks: 0, scores: [25000, 25000, 900, 49100] } });
  tsumogiriUntil(g);
  expect(g.phase).toBe('gameOver');
  return g;
};

type Case = [RefusalCode, string, () => Game, Seat, (g: Game) => Command];
const cases: Case[] = [
  ['NOT_YOUR_TURN', 'discard out of turn', quiet, 1, (g) => ({ type: 'discard', tile: g.seats[1].hand[0] })],
  ['TILE_NOT_IN_HAND', 'discard of a tile not held', quiet, 0, (g) => ({ type: 'discard', tile: notHeld(g, 0, '1z') })],
  ['TILE_NOT_IN_HAND', 'riichi with a tile not held', quiet, 0, (g) => ({ type: 'riichi', tile: notHeld(g, 0, '1z') })],
  ['TILE_NOT_IN_HAND', 'kan of a tile not held', quiet, 0, (g) => ({ type: 'ankan', tile: notHeld(g, 0, '1z') })],
  ['TILE_NOT_IN_HAND', 'pon naming tiles not held', claimWindow, 2, (g) => ({ type: 'pon', tiles: [g.seats[1].hand[0], g.seats[1].hand[1]] })],
  ['TILE_NOT_IN_HAND', 'pon naming one tile twice', claimWindow, 2, (g) => ({ type: 'pon', tiles: [tileOf(g, 2, '3m'), tileOf(g, 2, '3m')] })],
  ['BAD_COMMAND', 'unknown command', quiet, 0, () => ({ type: 'nonsense' }) as unknown as Command],
  ['BAD_COMMAND', 'pon without two tiles', claimWindow, 2, () => ({ type: 'pon', tiles: 'xy' }) as unknown as Command],
  ['BAD_COMMAND', 'a discard while answering a claim', claimWindow, 2, (g) => ({ type: 'discard', tile: g.seats[2].hand[0] })],
  ['NOTHING_TO_RESPOND', 'pass with no discard to answer', quiet, 0, () => ({ type: 'pass' })],
  ['NOTHING_TO_RESPOND', 'ron with no discard to answer', quiet, 0, () => ({ type: 'ron' })],
  ['NOTHING_TO_RESPOND', 'the discarder answering its own discard', claimWindow, 0, () => ({ type: 'pass' })],
  ['ALREADY_RESPONDED', 'a second answer', claimWindow, 1, (g) => {
    play(g, [1, { type: 'chii', tiles: pair(g, 1, '12m') }]);
    return { type: 'pass' };
  }],
  ['MUST_DISCARD', 'a kan right after a pon', afterPon, 2, (g) => ({ type: 'shouminkan', tile: tileOf(g, 2, '3m') })],
  ['KUIKAE', 'discarding the ponned tile', afterPon, 2, (g) => ({ type: 'discard', tile: tileOf(g, 2, '3m') })],
  ['RIICHI_OPEN_HAND', 'riichi after a pon', afterPon, 2, (g) => ({ type: 'riichi', tile: tileOf(g, 2, '9p') })],
  ['NOT_TENPAI', 'riichi on a noten hand', quiet, 0, (g) => ({ type: 'riichi', tile: g.seats[0].drawn! })],
  ['NOT_COMPLETE', 'tsumo on an incomplete hand', quiet, 0, () => ({ type: 'tsumo' })],
  ['NOT_COMPLETE', 'ron on a tile that does not complete the hand', claimWindow, 1, () => ({ type: 'ron' })],
  ['RIICHI_NO_POINTS', 'riichi below 1,000 points', () => tenpaiDealer([900, 33000, 33000, 33100]), 0, (g) => ({ type: 'riichi', tile: tileOf(g, 0, '9s') })],
  ['RIICHI_ALREADY', 'riichi twice', inRiichi, 0, (g) => ({ type: 'riichi', tile: g.seats[0].drawn! })],
  ['RIICHI_MUST_TSUMOGIRI', 'keeping the drawn tile in riichi', inRiichi, 0, (g) => ({ type: 'discard', tile: tileOf(g, 0, '2m') })],
  ['RIICHI_BAD_KAN', 'a kan that changes the waits in riichi', riichiBadKan, 0, (g) => ({ type: 'ankan', tile: tileOf(g, 0, '3m') })],
  ['RIICHI_NO_TILES', 'riichi with three tiles left', () => {
    const g = scenario({ rules: 'tenhou', haipai: [NOTEN[0], '123456789p2266z', '123456789s3377z', NOTEN[3]] });
    tsumogiriUntil(g, (x) => x.remaining === 3);
    return g;
  }, 2, (g) => ({ type: 'riichi', tile: g.seats[2].drawn! })],
  ['NO_YAKU', 'ron without a yaku', noYaku, 2, () => ({ type: 'ron' })],
  ['FURITEN', 'ron while furiten', furiten, 1, () => ({ type: 'ron' })],
  ['CANNOT_CALL', 'chii from the player across', () => {
    const g = scenario({ rules: 'tenhou', haipai: ['3m58m147p369s1234z', '45m9m147p258s1234z', '45m33m369p147s567z', '19m258p369s12567z'] });
    play(g, discard(g, 0, '3m'));
    return g;
  }, 2, (g) => ({ type: 'chii', tiles: pair(g, 2, '45m') })],
  ['CANNOT_CALL', 'a kan without three tiles', claimWindow, 1, () => ({ type: 'daiminkan' })],
  ['INVALID_MELD', 'pon naming tiles of other kinds', claimWindow, 2, (g) => ({ type: 'pon', tiles: [tileOf(g, 2, '3p'), tileOf(g, 2, '6p')] })],
  ['INVALID_MELD', 'a concealed kan without four tiles', quiet, 0, (g) => ({ type: 'ankan', tile: tileOf(g, 0, '1m') })],
  ['INVALID_MELD', 'an added kan without a pon', quiet, 0, (g) => ({ type: 'shouminkan', tile: tileOf(g, 0, '1m') })],
  ['LAST_TILE', 'a concealed kan on the last tile', lastTile, 1, (g) => ({ type: 'ankan', tile: tileOf(g, 1, '7p') })],
  ['LAST_TILE', 'pon of the last discard', lastDiscard, 2, (g) => ({ type: 'pon', tiles: pair(g, 2, '55s') })],
  ['KAN_LIMIT', 'a fifth kan', fourKans, 1, (g) => ({ type: 'ankan', tile: tileOf(g, 1, '5p') })],
  ['NOT_KYUUSHU', 'nine terminals without them', quiet, 0, () => ({ type: 'kyuushu' })],
  ['HAND_OVER', 'a discard after the hand ended', handOver, 0, (g) => ({ type: 'discard', tile: g.seats[0].hand[0] })],
  ['GAME_OVER', 'a discard after the game ended', gameOver, 0, (g) => ({ type: 'discard', tile: g.seats[0].hand[0] })],
];

describe('refusals never change the state', () => {
  it.each(cases)('%s: %s', (code, _, setup, seat, command) => {
    const g = setup();
    const c = command(g);
    const before = snapshot(g);
    expect(g.check(seat, c)?.code).toBe(code);
    const r = g.apply(seat, c);
    expect(r.ok ? 'accepted' : r.refusal.code).toBe(code);
    expect(snapshot(g)).toBe(before);
    // And the game goes on: whoever may act still can.
    if (g.phase === 'turn' || g.phase === 'claims') {
      const actor = ([0, 1, 2, 3] as Seat[]).find((s) => g.legalActions(s).length > 0)!;
      const a = g.legalActions(actor)[0];
      const next: Command = a.type === 'discard' ? { type: 'discard', tile: a.tiles[0] } : a.type === 'chii' || a.type === 'pon' ? { type: a.type, tiles: a.options[0] } : ({ type: a.type } as Command);
      expect(g.apply(actor, next).ok).toBe(true);
    }
  });

  it('nextHand is refused while a hand is played and after the game, without a change', () => {
    const g = quiet();
    const before = snapshot(g);
    const r = g.nextHand();
    expect(r.ok ? 'accepted' : r.refusal.code).toBe('BAD_COMMAND');
    expect(snapshot(g)).toBe(before);

    const over = gameOver();
    const end = snapshot(over);
    const r2 = over.nextHand();
    expect(r2.ok ? 'accepted' : r2.refusal.code).toBe('GAME_OVER');
    expect(snapshot(over)).toBe(end);
  });

  it('the cases cover every refusal code but DEAD_HAND', () => {
    // Written as a record so that a new code fails to compile here until it is listed.
    const all: Record<RefusalCode, true> = {
      GAME_OVER: true, HAND_OVER: true, NOT_YOUR_TURN: true, NOTHING_TO_RESPOND: true, ALREADY_RESPONDED: true,
      TILE_NOT_IN_HAND: true, BAD_COMMAND: true, MUST_DISCARD: true, KUIKAE: true, NOT_TENPAI: true,
      RIICHI_OPEN_HAND: true, RIICHI_ALREADY: true, RIICHI_NO_POINTS: true, RIICHI_NO_TILES: true,
      RIICHI_MUST_TSUMOGIRI: true, RIICHI_BAD_KAN: true, NOT_COMPLETE: true, NO_YAKU: true, FURITEN: true,
      CANNOT_CALL: true, INVALID_MELD: true, LAST_TILE: true, KAN_LIMIT: true, NOT_KYUUSHU: true, DEAD_HAND: true,
      MUST_DRAW: true, ALREADY_DREW: true,
    };
    // DEAD_HAND needs the referee to make a hand dead (test/referee); the draw codes need a
    // clientDraws ruleset (test/game/client-draws.test.ts).
    const missing = Object.keys(all).filter((c) => !cases.some((x) => x[0] === c));
    expect(missing).toEqual(['DEAD_HAND', 'MUST_DRAW', 'ALREADY_DREW']);
  });
});

// ---------------------------------------------------------------- fuzz

const GARBAGE_SEATS: unknown[] = [0, 1, 2, 3, -1, 4, 1.5, NaN, '0', null, undefined, 99, Infinity];
const GARBAGE_TYPES: unknown[] = [
  'discard', 'riichi', 'tsumo', 'ron', 'kyuushu', 'ankan', 'shouminkan', 'chii', 'pon', 'daiminkan', 'pass',
  'DISCARD', '', 'nextHand', 'toString', '__proto__', 'constructor', 42, null, undefined, {}, ['discard'],
];

function garbageTile(rng: Rng, g: Game): unknown {
  const held = g.seats[rng.int(4)].hand;
  const options: unknown[] = [
    NaN, -1, -0, 136, 137, 1e9, -1e9, Infinity, -Infinity, 1.5, '5', '0x10', null, undefined, {}, [], true,
    rng.int(136), held.length ? held[rng.int(held.length)] : 0,
  ];
  return options[rng.int(options.length)];
}

function garbageTiles(rng: Rng, g: Game): unknown {
  const t = () => garbageTile(rng, g);
  const x = t();
  const options: unknown[] = [undefined, null, 'ab', [], [t()], [t(), t(), t()], [NaN, NaN], [x, x], [t(), t()], { 0: 1, 1: 2, length: 2 }, new Array(2)];
  return options[rng.int(options.length)];
}

function garbageCommand(rng: Rng, g: Game): unknown {
  switch (rng.int(6)) {
    case 0:
      return [null, undefined, 0, 'discard', [], {}, NaN, true][rng.int(8)];
    case 1:
      return { type: GARBAGE_TYPES[rng.int(GARBAGE_TYPES.length)] };
    case 2:
      return { type: GARBAGE_TYPES[rng.int(GARBAGE_TYPES.length)], tile: garbageTile(rng, g) };
    case 3:
      return { type: GARBAGE_TYPES[rng.int(GARBAGE_TYPES.length)], tiles: garbageTiles(rng, g) };
    case 4:
      return { type: GARBAGE_TYPES[rng.int(11)], tile: garbageTile(rng, g), tiles: garbageTiles(rng, g), extra: 'x', seat: 7 };
    default:
      return { tile: garbageTile(rng, g) };
  }
}

describe('fuzz: garbage commands', () => {
  it.each(Object.keys(SHIPPED_RULESETS))('%s: random garbage at random moments never throws and never changes a refused state', (name) => {
    const rules = SHIPPED_RULESETS[name as keyof typeof SHIPPED_RULESETS];
    const total = rules.startPoints * 4;
    let refused = 0;
    for (let n = 0; n < 3; n++) {
      const game = new Game({ rules, seed: `fuzz-${name}-${n}` });
      const choose = randomChooser(`fuzz-bot-${name}-${n}`);
      const rng = new Rng(`garbage-${name}-${n}`);
      // Two hands per game keep it quick; the bot's play reaches calls, riichi and ends of hands.
      for (let step = 0; step < 400 && game.phase !== 'gameOver' && game.hands.length <= 2; step++) {
        if (rng.int(3) === 0) {
          for (let k = 0; k < 4; k++) {
            const seat = GARBAGE_SEATS[rng.int(GARBAGE_SEATS.length)] as Seat;
            const command = garbageCommand(rng, game) as Command;
            const before = snapshot(game);
            let r: ReturnType<Game['apply']> | undefined;
            expect(() => (r = game.apply(seat, command)), `apply(${String(seat)}, ${JSON.stringify(command)})`).not.toThrow();
            expect(() => game.legalActions(seat)).not.toThrow();
            if (!r!.ok) {
              refused++;
              expect(snapshot(game), `after refusing ${JSON.stringify(command)}`).toBe(before);
            }
            expect(game.scores.reduce((a, b) => a + b, 0) + game.riichiSticks * rules.riichiStick).toBe(total);
          }
          if (game.phase !== 'handEnded') {
            const before = snapshot(game);
            expect(game.nextHand().ok).toBe(false);
            expect(snapshot(game)).toBe(before);
          }
        }
        // Accepted garbage (a legal command with extra fields) may have ended the game.
        const phase: string = game.phase;
        if (phase === 'gameOver') break;
        if (phase === 'handEnded') {
          game.nextHand();
          continue;
        }
        const seat = ([0, 1, 2, 3] as Seat[]).find((s) => game.legalActions(s).length > 0)!;
        expect(game.apply(seat, choose(game.legalActions(seat))).ok).toBe(true);
      }
    }
    expect(refused).toBeGreaterThan(100);
  });
});
