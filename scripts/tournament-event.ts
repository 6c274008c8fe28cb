import { connect, play, type JantakuClient, type Table } from '@jantaku/client-sdk';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { Command, LegalAction } from '@jantaku/shared/game/types';
import type { TableView } from '@jantaku/shared/game/views';

/**
 * A whole tournament played over HTTP and websockets by SDK bot accounts (used by
 * `npm run demo:tournament` and test/server/tournament.test.ts): an organiser, one bot account
 * per player and one substitute, every round seated and started by the organiser, each player's
 * client finding its table through "your next table" and playing it. Faults are forced at some
 * tables of round one (a false ron, a noten riichi, a wrong tile count: the ruleset must let
 * players draw for themselves, `clientDraws`, for the last), one player arrives late in round
 * one, and one is absent in round two, a substitute playing the seat. With a number of players
 * not a multiple of 4, substitutes fill the missing seats from the start.
 */
export interface EventOptions {
  /** The server's websocket address (`ws://host:port`). */
  url: string;
  players: number;
  rounds: number;
  /** Gives an account a role (the server has no route for it: the operator does it in the store). */
  setRole: (accountId: string, role: 'organiser') => Promise<void>;
  /** Tournament settings over the defaults below. */
  settings?: Record<string, unknown>;
  /** Called once each round is seated, before it starts. */
  onRoundSeated?: (round: number, tournament: string, organiser: string) => Promise<void>;
  /** Called once each round is started (the crash test kills the server here). */
  onRoundStarted?: (round: number, tournament: string, organiser: string) => Promise<void>;
  log?: (line: string) => void;
  /** Put before every account's name (several events on one server). */
  prefix?: string;
}

export type ForcedFault = 'falseRon' | 'notenRiichi' | 'wrongCount';

export interface StandingLine {
  player: string;
  id: string;
  rank: number | null;
  total: number;
  penalties: number;
}

export interface EventResult {
  tournament: string;
  players: number;
  rounds: number;
  tables: number;
  repeatPairs: number;
  standings: StandingLine[];
  faults: number;
  url: string;
  /** The organiser's session token, for further calls. */
  organiser: string;
  /** Account id by name. */
  accounts: Map<string, string>;
  /** Every game of the event, round by round. */
  games: string[];
  /** The faults forced: which hanchan, which player, which kind. */
  forced: { hanchan: string; player: string; kind: ForcedFault }[];
  late: { hanchan: string; player: string; lateMs: number } | null;
  substitute: { hanchan: string; player: string; substitute: string } | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; reason?: string },
  ) {
    super(`HTTP ${status} ${body.error ?? ''}: ${body.reason ?? ''}`);
  }
}

/** An HTTP call to the server as `token`'s account; throws HttpError on a refusal. */
export async function api<T = any>(base: string, method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const json = (() => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  })();
  if (!res.ok) throw new HttpError(res.status, json);
  return json as T;
}

interface Player {
  name: string;
  id: string;
  client: JantakuClient;
}

const has = (legal: LegalAction[], type: LegalAction['type']) => legal.some((a) => a.type === type);

/** Plays on without winning or calling: draw, discard what was drawn, pass. */
function passive(view: TableView, legal: LegalAction[]): Command {
  if (has(legal, 'draw')) return { type: 'draw' };
  const discard = legal.find((a) => a.type === 'discard');
  if (discard) return { type: 'discard', tile: view.drawn != null && discard.tiles.includes(view.drawn) ? view.drawn : discard.tiles[discard.tiles.length - 1] };
  return { type: 'pass' };
}

/** Hands of a table in which a noten riichi waits to be judged: the others play passively, so the hand reaches its exhaustive draw. */
const quiet = new Set<string>();

/**
 * The bot of one seat: efficiency, committing `fault` when the moment comes: once, or for a false
 * ron twice in two hands (a win on the same discard would cancel the chombo, WRC-CHOMBO-WIN-SAME-TIME).
 */
function botFor(table: Table, fault: ForcedFault | null) {
  let done = false;
  let falseRons = 0;
  let lastHand = -1;
  return async (view: TableView, legal: LegalAction[]): Promise<Command> => {
    const hand = table.state.hands;
    if (quiet.has(`${table.id}:${hand}`) && fault !== 'notenRiichi') return passive(view, legal);
    if (!fault || done) return efficiencyBot(view, legal);
    const me = view.seats[view.viewer as number];
    if (fault === 'falseRon' && hand !== lastHand && has(legal, 'pass') && !has(legal, 'ron') && view.claim) {
      lastHand = hand;
      done = ++falseRons >= 2;
      await table.act({ type: 'ron', reveal: true });
      return efficiencyBot(table.view(), table.legal.length ? table.legal : legal);
    }
    if (fault === 'wrongCount' && has(legal, 'draw') && (view.hand?.length ?? 0) > 0) {
      done = true;
      // A discard before drawing: a short hand (WRC-F-WRONG-COUNT).
      await table.act({ type: 'discard', tile: view.hand![0] });
      return { type: 'draw' };
    }
    const discard = legal.find((a) => a.type === 'discard');
    if (fault === 'notenRiichi' && discard && !has(legal, 'riichi') && !me.riichi && me.melds.length === 0 && me.score >= 1000 && view.remaining > 20) {
      done = true;
      quiet.add(`${table.id}:${hand}`);
      return { type: 'riichi', tile: view.drawn != null && discard.tiles.includes(view.drawn) ? view.drawn : discard.tiles[0] };
    }
    return efficiencyBot(view, legal);
  };
}

export async function runEvent(o: EventOptions): Promise<EventResult> {
  const http = o.url.replace(/^ws/, 'http');
  const log = o.log ?? (() => {});
  // The organiser: an account given the role, owning the bot accounts.
  const organiser = connect(o.url);
  const prefix = o.prefix ?? '';
  const org = await organiser.register(`${prefix}Organiser`, 'organiser password 1');
  await o.setRole(org.id, 'organiser');
  const token = organiser.session!;
  const call = <T = any>(method: string, path: string, body?: unknown) => api<T>(http, method, path, body, token);

  const owners: JantakuClient[] = [];
  const club = async (n: number) => {
    const c = connect(o.url);
    await c.register(`${prefix}Club ${n}`, `club password ${n}`);
    return c;
  };
  const people: Player[] = [];
  const accounts = new Map<string, string>();
  // Substitutes: one per missing seat when the players are not a multiple of 4 (they fill those
  // seats from the start), and the last one for the absent player of round two.
  const fills = (4 - (o.players % 4)) % 4;
  for (let i = 0; i < o.players + fills + 1; i++) {
    const name = prefix + (i < o.players ? `Player ${String(i + 1).padStart(2, '0')}` : `Substitute ${i - o.players + 1}`);
    // An account owns at most 20 bots: clubs own the rest.
    const owner = i < 20 ? organiser : (owners[Math.floor(i / 20) - 1] ??= await club(Math.floor(i / 20)));
    const bot = await owner.createBot(name);
    const { key } = await owner.createKey(name);
    const client = connect(o.url, { reconnect: { retries: 60, minDelayMs: 100, maxDelayMs: 500 } });
    await client.loginWithKey(key);
    people.push({ name, id: bot.id, client });
    accounts.set(name, bot.id);
  }
  const substitutes = people.splice(o.players);
  const substitute = substitutes.at(-1)!;

  const settings = {
    name: `Jantaku Open ${o.players}×${o.rounds}`,
    ruleset: 'wrc2015',
    // Short games: one east round (tonpuusen); players draw for themselves, so a wrong tile count can happen.
    overrides: { length: 'tonpuusen', clientDraws: true },
    rounds: o.rounds,
    hanchansPerRound: 1,
    seating: 'schedule',
    joinSeconds: 60,
    // Bots only: no pause between hands, claim windows not held.
    handPauseMs: 0,
    botDelayMs: 0,
    ...o.settings,
  };
  const t = await call<{ id: string }>('POST', '/api/tournaments', settings);
  log(`tournament ${t.id}: ${settings.name}`);
  // Players register themselves; the organiser enters the substitute.
  for (const p of people) await api(http, 'POST', `/api/tournaments/${t.id}/players`, {}, p.client.session);
  for (const s of substitutes) await call('POST', `/api/tournaments/${t.id}/players`, { player: s.id, role: 'substitute' });

  const forced: EventResult['forced'] = [];
  const faultOf = new Map<string, ForcedFault>(); // `${hanchan}/${player}` → fault
  let late: EventResult['late'] = null;
  let lateWho: { hanchan: string; player: string } | null = null;
  let sub: EventResult['substitute'] = null;
  let roundStart = 0;
  let done = false;

  /** One player's client: asks for its next table, plays it, until the event is over. */
  const playerLoop = async (p: Player) => {
    const played = new Set<string>();
    while (!done) {
      try {
        const next = await p.client.nextTable(t.id);
        if (!next?.game || next.status !== 'playing' || played.has(next.game)) {
          await sleep(200);
          continue;
        }
        if (lateWho && lateWho.player === p.id && lateWho.hanchan === next.hanchan && !late) {
          // The late arrival: comes a little after the start; the organiser notes how late.
          await sleep(2500);
          const lateMs = Date.now() - roundStart;
          late = { hanchan: next.hanchan!, player: p.id, lateMs };
          await call('POST', `/api/tournaments/${t.id}/late`, late);
          log(`${p.name} arrived ${(lateMs / 1000).toFixed(1)} s late`);
        }
        const table = await p.client.join(next.game);
        await play(table, botFor(table, faultOf.get(`${next.hanchan}/${p.id}`) ?? null), { thinkMs: 2000 });
        played.add(next.game);
        await table.leave();
      } catch (e) {
        // The server restarting, a dropped table: ask again.
        log(`${p.name}: ${(e as Error).message}; trying again`);
        await sleep(500);
      }
    }
  };
  const loops = [...people, ...substitutes].map(playerLoop);

  let tables = 0;
  let repeatPairs = 0;
  try {
    for (let round = 1; round <= o.rounds; round++) {
      const seated = await call<{ tables: string[][]; repeatPairs: number }>('POST', `/api/tournaments/${t.id}/rounds`, {});
      repeatPairs = seated.repeatPairs;
      await o.onRoundSeated?.(round, t.id, token);
      const absent: { player: string; substitute: string; note: string }[] = [];
      const h = (table: number) => `r${round}t${table + 1}h1`;
      if (round === 1) {
        const kinds: ForcedFault[] = ['falseRon', 'notenRiichi', 'wrongCount'];
        const isPlayer = (id: string) => people.some((p) => p.id === id);
        seated.tables.slice(0, 3).forEach((tb, i) => {
          const seat = [i, 0, 1, 2, 3].find((k) => isPlayer(tb[k]))!;
          forced.push({ hanchan: h(i), player: tb[seat], kind: kinds[i] });
          faultOf.set(`${h(i)}/${tb[seat]}`, kinds[i]);
        });
        const lastTable = seated.tables.length - 1;
        lateWho = { hanchan: h(lastTable), player: seated.tables[lastTable].filter(isPlayer).at(-1)! };
      }
      if (round === Math.min(2, o.rounds) && o.rounds > 1) {
        const player = seated.tables[0].filter((id) => people.some((p) => p.id === id))[1];
        absent.push({ player, substitute: substitute.id, note: 'sent word: ill' });
        sub = { hanchan: h(0), player, substitute: substitute.id };
      }
      roundStart = Date.now();
      await call('POST', `/api/tournaments/${t.id}/rounds/${round}/start`, { absent });
      log(`round ${round} started: ${seated.tables.length} tables`);
      await o.onRoundStarted?.(round, t.id, token);
      // Until every table of the round has its result.
      for (;;) {
        try {
          const info = await call<{ rounds: { round: number; hanchans: { status: string; game: string | null }[] }[] }>('GET', `/api/tournaments/${t.id}`);
          const r = info.rounds.find((x) => x.round === round)!;
          if (r.hanchans.length >= seated.tables.length * Number(settings.hanchansPerRound) && r.hanchans.every((x) => x.status === 'finished' || x.status === 'void')) {
            tables += r.hanchans.length;
            break;
          }
        } catch {
          // The server restarting.
        }
        await sleep(500);
      }
      log(`round ${round} over`);
    }
  } finally {
    done = true;
    await Promise.all(loops);
  }
  const standings = await api<{ standings: StandingLine[] }>(http, 'GET', `/api/tournaments/${t.id}/standings`);
  const desk = await call<{ rulings: unknown[] }>('GET', `/api/tournaments/${t.id}/desk`);
  const info = await call<{ rounds: { hanchans: { game: string }[] }[] }>('GET', `/api/tournaments/${t.id}`);
  return {
    tournament: t.id,
    players: o.players,
    rounds: o.rounds,
    tables,
    repeatPairs,
    standings: standings.standings.map((s) => ({ player: s.player, id: s.id, rank: s.rank, total: s.total, penalties: s.penalties })),
    faults: desk.rulings.length,
    url: `${http}/api/tournaments/${t.id}/standings`,
    organiser: token,
    accounts,
    games: info.rounds.flatMap((r) => r.hanchans.map((h) => h.game)),
    forced,
    late,
    substitute: sub,
  };
}
