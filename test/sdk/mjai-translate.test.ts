import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { Bot } from '@jantaku/shared/bots/types';
import { Game } from '@jantaku/shared/game/game';
import type { GameEvent, LegalAction, Seat } from '@jantaku/shared/game/types';
import { viewFor } from '@jantaku/shared/game/views';
import {
  exportMjai, handEvents, idsOfMjai, mjaiReplyToCommand, mjaiToTile, MjaiTranslator, parseMjaiTile, pickTiles, tileToMjai, type MjaiMessage, type ReplyContext,
} from '@jantaku/shared/logs/mjai';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { GIMITE_YAKU_NAMES, gimiteYakuName } from '@jantaku/shared/logs/mjaiYaku';
import { TENHOU6_YAKU } from '@jantaku/shared/logs/tenhou6Yaku';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { kindOf, parseTiles } from '@jantaku/shared/tiles/index';

const NO_RED = [0, 0, 0] as const;

describe('mjai tiles', () => {
  it('every tile id names a tile that names it back; red fives are copy 0 of each five', () => {
    const names = new Set<string>();
    for (let id = 0; id < 136; id++) {
      const name = tileToMjai(id);
      names.add(name);
      expect(idsOfMjai(name)).toContain(id);
      expect(parseMjaiTile(name)!.kind).toBe(kindOf(id));
      expect(mjaiToTile(name)).toBe(idsOfMjai(name)[0]);
    }
    expect(names.size).toBe(37);
    expect([16, 52, 88].map((t) => tileToMjai(t))).toEqual(['5mr', '5pr', '5sr']);
    expect([17, 53, 89].map((t) => tileToMjai(t))).toEqual(['5m', '5p', '5s']);
    expect(idsOfMjai('5mr')).toEqual([16]);
    expect(idsOfMjai('5m')).toEqual([17, 18, 19]);
    expect([0, 35, 36, 71, 72, 107].map((t) => tileToMjai(t))).toEqual(['1m', '9m', '1p', '9p', '1s', '9s']);
    expect([108, 112, 116, 120, 124, 128, 132].map((t) => tileToMjai(t))).toEqual(['E', 'S', 'W', 'N', 'P', 'F', 'C']);
  });

  it('without red fives (wrc2015) copy 0 is a plain five and "5mr" is no tile of the game', () => {
    expect(tileToMjai(16, NO_RED)).toBe('5m');
    expect(idsOfMjai('5m', NO_RED)).toEqual([16, 17, 18, 19]);
    expect(idsOfMjai('5mr', NO_RED)).toEqual([]);
    expect(mjaiToTile('5pr', NO_RED)).toBe(-1);
  });

  it('refuses what is not an mjai tile', () => {
    for (const bad of ['0m', '5er', '?', '1z', '6mr', 'Z', '', 5, null, '10m']) expect(parseMjaiTile(bad)).toBeNull();
    expect(mjaiToTile('0m')).toBe(-1);
  });

  it('picks held ids first, then ids of the named tile the hand does not hold, each once', () => {
    const hand = parseTiles('11m'); // ids 0, 1
    expect(pickTiles(['1m', '1m'], hand)).toEqual([0, 1]);
    expect(pickTiles(['1m', '1m', '1m'], hand)).toEqual([0, 1, 2]);
    expect(pickTiles(['9s', 'x'], hand)).toEqual([104, -1]);
  });
});

describe('mjai replies become the declarations they are', () => {
  // 1m 1m 1m 2m 3m 5mr 5m 4p 4p 4p 4p E | drew 5m
  const hand = [0, 1, 2, 4, 8, 16, 17, 48, 49, 50, 51, 108, 18];
  const turn: ReplyContext = { ask: 'turn', hand, drawn: 18 };
  const claim: ReplyContext = { ask: 'claim', hand, drawn: null };
  const cmd = (reply: unknown, ctx: ReplyContext) => {
    const r = mjaiReplyToCommand(reply, ctx);
    if (!('command' in r)) throw new Error('expected a command');
    return r.command;
  };

  it('dahai: the id held, the drawn one for tsumogiri, the red five only for "5mr"', () => {
    expect(cmd({ type: 'dahai', actor: 0, pai: 'E', tsumogiri: false }, turn)).toEqual({ type: 'discard', tile: 108 });
    expect(cmd({ type: 'dahai', actor: 0, pai: '5m', tsumogiri: true }, turn)).toEqual({ type: 'discard', tile: 18 });
    expect(cmd({ type: 'dahai', actor: 0, pai: '5m', tsumogiri: false }, turn)).toEqual({ type: 'discard', tile: 17 });
    expect(cmd({ type: 'dahai', actor: 0, pai: '5mr', tsumogiri: false }, turn)).toEqual({ type: 'discard', tile: 16 });
  });

  it('a tile not held stays a tile not held; a tile that is none is -1', () => {
    const c = cmd({ type: 'dahai', actor: 0, pai: '9s', tsumogiri: false }, turn);
    expect(c).toEqual({ type: 'discard', tile: 104 });
    expect(hand).not.toContain(104);
    expect(cmd({ type: 'dahai', actor: 0, pai: '0m' }, turn)).toEqual({ type: 'discard', tile: -1 });
    expect(cmd({ type: 'dahai', actor: 0, pai: '5pr' }, { ...turn, redFives: NO_RED })).toEqual({ type: 'discard', tile: -1 });
  });

  it('reach asks for the discard; the discard after it is the riichi', () => {
    expect(mjaiReplyToCommand({ type: 'reach', actor: 0 }, turn)).toEqual({ followUp: { type: 'reach', actor: 0 } });
    expect(cmd({ type: 'dahai', actor: 0, pai: 'E', tsumogiri: false }, { ...turn, ask: 'riichi' })).toEqual({ type: 'riichi', tile: 108 });
    // Anywhere else a reach is no declaration the table has: sent as it is, refused as malformed.
    expect(cmd({ type: 'reach', actor: 0 }, claim)).toEqual({ type: 'mjai:reach' });
    expect(cmd({ type: 'reach', actor: 0 }, { ...turn, followUp: false })).toEqual({ type: 'mjai:reach' });
  });

  it('hora is tsumo on the own turn (even where nothing wins) and ron in a window; none is a pass; ryukyoku is kyuushu', () => {
    expect(cmd({ type: 'hora', actor: 0, target: 0, pai: '5m' }, turn)).toEqual({ type: 'tsumo' });
    expect(cmd({ type: 'hora', actor: 0, target: 0, pai: '5m' }, { ...turn, ask: 'afterCall' })).toEqual({ type: 'tsumo' });
    expect(cmd({ type: 'hora', actor: 0, target: 3, pai: '5m' }, claim)).toEqual({ type: 'ron' });
    expect(cmd({ type: 'none' }, claim)).toEqual({ type: 'pass' });
    expect(cmd({ type: 'none' }, turn)).toEqual({ type: 'pass' });
    expect(cmd({ type: 'ryukyoku', actor: 0, reason: 'kyushukyuhai' }, turn)).toEqual({ type: 'kyuushu' });
  });

  it('calls name tiles from the hand; tiles it lacks become ids it does not hold', () => {
    expect(cmd({ type: 'chi', actor: 0, target: 3, pai: '3m', consumed: ['1m', '2m'] }, claim)).toEqual({ type: 'chii', tiles: [0, 4] });
    expect(cmd({ type: 'chi', actor: 0, target: 3, pai: '6m', consumed: ['4m', '5mr'] }, claim)).toEqual({ type: 'chii', tiles: [12, 16] });
    expect(cmd({ type: 'pon', actor: 0, target: 2, pai: '5m', consumed: ['5mr', '5m'] }, claim)).toEqual({ type: 'pon', tiles: [16, 17] });
    expect(cmd({ type: 'pon', actor: 0, target: 2, pai: 'N', consumed: ['N', 'N'] }, claim)).toEqual({ type: 'pon', tiles: [120, 121] });
    expect(cmd({ type: 'daiminkan', actor: 0, target: 2, pai: '1m', consumed: ['1m', '1m', '1m'] }, claim)).toEqual({ type: 'daiminkan', tiles: [0, 1, 2] });
    expect(cmd({ type: 'ankan', actor: 0, consumed: ['4p', '4p', '4p', '4p'] }, turn)).toEqual({ type: 'ankan', tile: 48 });
    expect(cmd({ type: 'kakan', actor: 0, pai: '1m', consumed: ['1m', '1m', '1m'] }, turn)).toEqual({ type: 'shouminkan', tile: 0 });
  });

  it('a type mjai has no action for is sent as it is (the server refuses it as malformed)', () => {
    expect(cmd({ type: 'start_game' }, turn)).toEqual({ type: 'mjai:start_game' });
    expect(cmd('garbage', turn)).toEqual({ type: 'mjai:garbage' });
  });
});

/** Calls everything it is offered (kans first), declares riichi when it can; otherwise plays for efficiency. */
const greedyBot: Bot = (view, legal) => {
  const has = <T extends LegalAction['type']>(t: T) => legal.find((a) => a.type === t) as Extract<LegalAction, { type: T }> | undefined;
  if (has('tsumo')) return { type: 'tsumo' };
  if (has('ron')) return { type: 'ron' };
  const ankan = has('ankan') ?? has('shouminkan');
  if (ankan) return { type: ankan.type, tile: ankan.tiles[0] };
  if (has('daiminkan')) return { type: 'daiminkan' };
  const call = has('pon') ?? has('chii');
  if (call) return { type: call.type, tiles: call.options[0] };
  const riichi = has('riichi');
  if (riichi) return { type: 'riichi', tile: riichi.tiles[0] };
  return efficiencyBot(view, legal);
};

/** Events of a self-played game, in order, with the first hand's deal (the constructor keeps none). */
function selfPlay(rulesName: string, seed: string, bot: Bot = efficiencyBot): { game: Game; events: GameEvent[] } {
  const rules = makeRuleset(rulesName);
  const game = new Game({ rules, seed });
  const first = handEvents(game.currentHand, game);
  const events: GameEvent[] = first;
  for (let step = 0; step < 20_000 && game.phase !== 'gameOver'; step++) {
    if (game.phase === 'handEnded') {
      events.push(...(game.nextHand() as { ok: true; value: GameEvent[] }).value);
      continue;
    }
    const seat = ([0, 1, 2, 3] as Seat[]).find((s) => game.legalActions(s).length > 0)!;
    const legal: LegalAction[] = game.legalActions(seat);
    const r = game.apply(seat, bot(viewFor(game, seat, legal), legal));
    if (!r.ok) throw new Error(r.refusal.reason);
    events.push(...r.value);
  }
  return { game, events };
}

/** A full-information log as one seat may see it. */
function mask(lines: MjaiMessage[], seat: number): MjaiMessage[] {
  return lines.map((m) => {
    if (m.type === 'start_game') return { ...m, id: seat };
    if (m.type === 'start_kyoku') return { ...m, tehais: (m.tehais as string[][]).map((h, i) => (i === seat ? h : h.map(() => '?'))) };
    if (m.type === 'tsumo' && m.actor !== seat) return { ...m, pai: '?' };
    return m;
  });
}

describe('engine events as mjai messages', () => {
  const { game, events } = selfPlay('tenhou', 'mjai-translate');
  const log = exportMjai(game).trim().split('\n').map((l) => JSON.parse(l) as MjaiMessage);

  it('exportMjai writes the whole game with every tile shown', () => {
    expect(game.phase).toBe('gameOver');
    expect(log[0]).toMatchObject({ type: 'start_game', names: ['East', 'South', 'West', 'North'] });
    expect(log.at(-1)).toEqual({ type: 'end_game', scores: game.scores });
    expect(log.filter((m) => m.type === 'start_kyoku')).toHaveLength(game.hands.length);
    expect(log.filter((m) => m.type === 'end_kyoku')).toHaveLength(game.hands.length);
    expect(JSON.stringify(log)).not.toContain('"?"');
    const draws = game.hands.flatMap((h) => h.steps.filter((s) => s.type === 'draw'));
    expect(log.filter((m) => m.type === 'tsumo')).toHaveLength(draws.length);
    // Each hand's end carries the engine's score changes and the scores after it.
    const ends = log.filter((m) => m.type === 'hora' || m.type === 'ryukyoku');
    const sum = (m: MjaiMessage) => (m.deltas as number[]).reduce((a, b) => a + b, 0);
    expect(ends.every((m) => sum(m) >= 0)).toBe(true);
    const kinds = new Set(log.map((m) => m.type));
    console.log(`exportMjai: ${log.length} lines, ${game.hands.length} hands, types ${[...kinds].join(' ')}`);
  });

  it.each([0, 1, 2, 3])("seat %i's stream is the full log with what the seat may not see hidden", (seat) => {
    const tr = new MjaiTranslator({ viewer: seat as Seat });
    const mine = events.filter((e) => e.to === 'all' || e.to === seat);
    const stream = tr.translate(mine).messages;
    expect(stream).toEqual(mask(log, seat));
  });

  it('asks the seat on its own tsumo, on a discard it may claim and after its own chi or pon', () => {
    // Fed one engine step at a time, as the server sends them.
    const tr = new MjaiTranslator({ viewer: 0 });
    const steps: GameEvent[][] = [];
    let cur: GameEvent[] = [];
    for (const e of events) {
      cur.push(e);
      if (e.type === 'drew' || e.type === 'claimWindow' || e.type === 'called' || e.type === 'handEnded') {
        steps.push(cur);
        cur = [];
      }
    }
    let asked = 0;
    for (const batch of steps) {
      const t = tr.translate(batch);
      if (t.ask === null) continue;
      asked++;
      const m = t.messages[t.ask];
      if (t.askKind === 'turn') expect(m).toMatchObject({ type: 'tsumo', actor: 0 });
      if (t.askKind === 'claim') expect(['dahai', 'kakan']).toContain(m.type);
      if (t.askKind === 'afterCall') expect(m).toMatchObject({ actor: 0 });
    }
    const ownDraws = game.hands.flatMap((h) => h.steps.filter((s) => s.type === 'draw' && s.seat === 0)).length;
    expect(asked).toBeGreaterThanOrEqual(ownDraws);
  });
});

describe.each([
  ['tenhou', 'greedy-1'],
  ['tenhou', 'greedy-2'],
  ['wrc2015', 'greedy-3'],
])('a game of calls and kans (%s, %s): live streams and the exported log agree', (rules, seed) => {
  const { game, events } = selfPlay(rules, seed, greedyBot);
  const log = exportMjai(game).trim().split('\n').map((l) => JSON.parse(l) as MjaiMessage);

  it('every seat sees the full log with the hidden tiles masked; calls, kans and kan dora are in it', () => {
    expect(game.phase).toBe('gameOver');
    for (const seat of [0, 1, 2, 3] as Seat[]) {
      const stream = new MjaiTranslator({ viewer: seat, redFives: game.rules.redFives }).translate(events.filter((e) => e.to === 'all' || e.to === seat)).messages;
      expect(stream).toEqual(mask(log, seat));
    }
    const types = new Set(log.map((m) => m.type));
    for (const t of ['chi', 'pon', 'dora', 'hora']) expect(types).toContain(t);
    expect(['daiminkan', 'kakan', 'ankan'].some((t) => types.has(t))).toBe(true);
    // Each call's tiles make its meld: the called tile and the consumed ones of one kind (or a run).
    for (const m of log.filter((x) => ['chi', 'pon', 'daiminkan', 'kakan', 'ankan'].includes(x.type))) {
      const tiles = [...(m.consumed as string[]), ...(m.pai ? [m.pai as string] : [])].map((x) => parseMjaiTile(x)!.kind).sort((a, b) => a - b);
      if (m.type === 'chi') expect([tiles[1] - tiles[0], tiles[2] - tiles[1]]).toEqual([1, 1]);
      else expect(new Set(tiles).size).toBe(1);
    }
    if (!game.rules.redFives.some((r) => r === 1)) expect(JSON.stringify(log)).not.toMatch(/5[mps]r/);
    console.log(`${rules} ${seed}: ${log.length} lines; ${[...types].join(' ')}`);
  });
});

describe('each message type', () => {
  const meld = { type: 'pon' as const, tiles: [120, 121, 122], calledTile: 122, from: 2 };
  const run = (events: RefereeEvent[], viewer: Seat = 1) => new MjaiTranslator({ viewer }).translate(events);
  const start: GameEvent[] = [
    { to: 'all', type: 'handStarted', round: 5, honba: 2, riichiSticks: 1, dealer: 1, scores: [25000, 24000, 26000, 24000], doraIndicator: 16 },
    { to: 1, type: 'dealt', seat: 1, tiles: [120, 121, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44] },
  ];

  it('start_game, start_kyoku (south 2, honba, kyotaku, oya, dora, hidden tehais)', () => {
    const t = run(start);
    expect(t.messages).toEqual([
      { type: 'start_game', id: 1, names: ['East', 'South', 'West', 'North'] },
      {
        type: 'start_kyoku', bakaze: 'S', kyoku: 2, honba: 2, kyotaku: 1, oya: 1, dora_marker: '5mr', scores: [25000, 24000, 26000, 24000],
        tehais: [Array(13).fill('?'), ['2m', '3m', '4m', '5mr', '6m', '7m', '8m', '9m', '1p', '2p', '3p', 'N', 'N'], Array(13).fill('?'), Array(13).fill('?')],
      },
    ]);
  });

  it('tsumo, dahai, reach, reach_accepted, dora, pon, kakan announced with its window, ankan, daiminkan', () => {
    const t = run([
      ...start,
      { to: 1, type: 'drew', seat: 1, tile: 48, rinshan: false },
      { to: 'all', type: 'drew', seat: 1, rinshan: false },
    ]);
    expect(t.messages.at(-1)).toEqual({ type: 'tsumo', actor: 1, pai: '4p' });
    expect(t.askKind).toBe('turn');
    const tr = new MjaiTranslator({ viewer: 1 });
    tr.translate(start);
    const out = tr.translate([
      { to: 'all', type: 'drew', seat: 2, rinshan: false },
      { to: 'all', type: 'discarded', seat: 2, tile: 122, tsumogiri: true, riichi: true },
      { to: 'all', type: 'claimWindow', tile: 122, from: 2, reason: 'discard' },
      { to: 1, type: 'claimOffered', seat: 1, tile: 122 },
    ]);
    expect(out.messages).toEqual([
      { type: 'tsumo', actor: 2, pai: '?' },
      { type: 'reach', actor: 2 },
      { type: 'dahai', actor: 2, pai: 'N', tsumogiri: true },
    ]);
    expect([out.ask, out.askKind]).toEqual([2, 'claim']);
    const call = tr.translate([
      { to: 'all', type: 'riichiAccepted', seat: 2, scores: [25000, 24000, 25000, 24000], riichiSticks: 2 },
      { to: 'all', type: 'called', seat: 1, meld },
    ]);
    expect(call.messages).toEqual([
      { type: 'reach_accepted', actor: 2, deltas: [0, 0, -1000, 0], scores: [25000, 24000, 25000, 24000] },
      { type: 'pon', actor: 1, target: 2, pai: 'N', consumed: ['N', 'N'] },
    ]);
    expect(call.askKind).toBe('afterCall');
    expect(tr.hand).not.toContain(120);
    // Seat 1 adds the fourth N; seat 3 is asked about robbing it; the kan is made once nobody does.
    const kakan = new MjaiTranslator({ viewer: 3 });
    kakan.translate([{ ...start[0] }, { to: 3, type: 'dealt', seat: 3, tiles: [0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15] }, { to: 'all', type: 'called', seat: 1, meld }]);
    const window = kakan.translate([
      { to: 'all', type: 'drew', seat: 1, rinshan: false },
      { to: 'all', type: 'claimWindow', tile: 123, from: 1, reason: 'chankan' },
      { to: 3, type: 'claimOffered', seat: 3, tile: 123 },
    ]);
    expect(window.messages.at(-1)).toEqual({ type: 'kakan', actor: 1, pai: 'N', consumed: ['N', 'N', 'N'] });
    expect(window.askKind).toBe('claim');
    const made = kakan.translate([
      { to: 'all', type: 'called', seat: 1, meld: { type: 'shouminkan', tiles: [120, 121, 122, 123], calledTile: 122, from: 2, addedTile: 123 } },
      { to: 'all', type: 'doraRevealed', indicator: 100 },
      { to: 'all', type: 'drew', seat: 1, rinshan: true },
    ]);
    expect(made.messages).toEqual([{ type: 'dora', dora_marker: '8s' }, { type: 'tsumo', actor: 1, pai: '?' }]);
    const kans = kakan.translate([
      { to: 'all', type: 'called', seat: 3, meld: { type: 'ankan', tiles: [0, 1, 2, 3] } },
      { to: 'all', type: 'called', seat: 3, meld: { type: 'daiminkan', tiles: [4, 5, 6, 7], calledTile: 4, from: 2 } },
    ]);
    expect(kans.messages).toEqual([
      { type: 'ankan', actor: 3, consumed: ['1m', '1m', '1m', '1m'] },
      { type: 'daiminkan', actor: 3, target: 2, pai: '2m', consumed: ['2m', '2m', '2m'] },
    ]);
  });

  it('hora (ron, with ura markers and scores), ryukyoku with its reason, end_kyoku, end_game', () => {
    const { game, events } = selfPlay('tenhou', 'mjai-ends');
    const stream = new MjaiTranslator({ viewer: 0 }).translate(events.filter((e) => e.to === 'all' || e.to === 0)).messages;
    const ends = stream.filter((m) => ['hora', 'ryukyoku', 'end_kyoku', 'end_game'].includes(m.type));
    const results = game.hands.map((h) => h.result!);
    const expected = results.flatMap((r) => [...(r.kind === 'win' ? r.wins.map(() => 'hora') : ['ryukyoku']), 'end_kyoku']);
    expect(ends.map((m) => m.type)).toEqual([...expected, 'end_game']);
    const win = results.flatMap((r) => r.wins)[0];
    const hora = stream.find((m) => m.type === 'hora')!;
    expect(hora).toMatchObject({ actor: win.winner, target: win.from, pai: tileToMjai(win.winTile), deltas: win.deltas });
    expect(Array.isArray(hora.ura_markers)).toBe(true);
    const draw = new MjaiTranslator({ viewer: 0 }).translate([
      ...start.slice(0, 1),
      { to: 0, type: 'dealt', seat: 0, tiles: [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48] },
      { to: 'all', type: 'handEnded', result: { kind: 'draw', draw: 'nineTerminals', wins: [], tenpai: [], revealed: [], deltas: [0, 0, 0, 0], nagashi: [] }, scores: [25000, 24000, 26000, 24000], uraIndicators: [] },
    ]).messages;
    expect(draw.at(-2)).toMatchObject({ type: 'ryukyoku', reason: 'kyushukyuhai', deltas: [0, 0, 0, 0] });
    expect(draw.at(-1)).toEqual({ type: 'end_kyoku' });
  });

  it("yakus are named as gimite/mjai names them, in Tenhou's numbering", () => {
    expect(GIMITE_YAKU_NAMES).toHaveLength(TENHOU6_YAKU.length);
    expect(['riichi', 'menzenTsumo', 'yakuhaiSeatWind', 'yakuhaiChun', 'junchan', 'suuankouTanki', 'uraDora', 'akaDora'].map((id) => gimiteYakuName(id as never)))
      .toEqual(['reach', 'menzenchin_tsumoho', 'jikaze', 'sangenpai', 'junchantaiyao', 'suanko', 'uradora', 'akadora']);
  });

  it("hora_points is the hand's value, as gimite/mjai's: honba and riichi sticks are only in deltas", () => {
    let withHonba = 0;
    for (const seed of ['mjai-points-1', 'mjai-points-2', 'mjai-points-3']) {
      const { game } = selfPlay('tenhou', seed);
      const log = exportMjai(game).trim().split('\n').map((l) => JSON.parse(l) as MjaiMessage);
      let kyoku: MjaiMessage | null = null;
      let sticks = 0;
      let hand = -1;
      for (const m of log) {
        if (m.type === 'start_kyoku') [kyoku, sticks, hand] = [m, m.kyotaku as number, hand + 1];
        if (m.type === 'reach_accepted') sticks++;
        if (m.type !== 'hora') continue;
        const honba = kyoku!.honba as number;
        // A single winner (the first takes the sticks; no pao in these games): the winner's gain less honba and sticks.
        const winners = game.hands[hand].result!.wins;
        if (winners.length !== 1 || winners[0].pao !== null) continue;
        expect(m.hora_points).toBe((m.deltas as number[])[m.actor as number] - honba * 300 - sticks * 1000);
        if (honba > 0) withHonba++;
        // Yaku by gimite's names (every yaku of these tenhou games is one of Tenhou's).
        for (const [name] of m.yakus as [string, number][]) expect(GIMITE_YAKU_NAMES).toContain(name);
      }
    }
    expect(withHonba).toBeGreaterThan(0);
  });
});
