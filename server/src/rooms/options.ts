import { randomBytes } from 'node:crypto';
import { ServerError } from '@colyseus/core';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tsumogiriBot } from '@jantaku/shared/bots/tsumogiri';
import type { Bot } from '@jantaku/shared/bots/types';
import type { Seat } from '@jantaku/shared/game/types';
import { ONLINE_BANK, WSOM_TIME } from '@jantaku/shared/referee/timeControl';
import { makeRuleset, RulesetError, type Ruleset } from '@jantaku/shared/rules/index';
import { cleanName, TextError } from '@jantaku/shared/text';
import { newInviteCode } from './admission';
import { MIN_COMMENTATOR_DELAY_MS } from './commentary';
import type { ServiceTable } from './service';

/** How long a table nobody is at, before its game began, stays open by default (s): short, so abandoned tables do not pile up. */
export const DEFAULT_CLOSE_EMPTY_SECONDS = 20;

/** Options to create a table. Unknown or ill-typed options are refused with the option's name. */
export interface TableOptions {
  /** A shipped ruleset name (default `tenhou`). */
  ruleset?: string;
  /** Overrides validated onto the shipped ruleset by `makeRuleset`. */
  overrides?: Record<string, unknown>;
  /** Shorthand for `overrides.foulPolicy`. */
  foulPolicy?: 'penalise' | 'prevent';
  /** Shorthand for `overrides.timeControl`: `none`, `bank` (5 s + 20 s bank), `wsom`, or a full time control. */
  timeControl?: 'none' | 'bank' | 'wsom' | Record<string, unknown>;
  /** The table's title in the lobby (default: the ruleset's name). */
  name?: string;
  /** Not listed anywhere (lobby, `/api/tables`, `/api/games`) nor matched by `join('table')`: joined and watched with its invite code only. */
  private?: boolean;
  /** Seed of the walls (default: random). */
  seed?: string;
  /** Seats played by built-in bots: a count (the last seats) or the seat numbers. Default 0. */
  bots?: number | number[];
  /** The bots' strategy (default `efficiency`). */
  bot?: BotName;
  /** Delay before a bot (or an absent seat) acts, ms (default 300). */
  botDelayMs?: number;
  /** Pause between the end of a hand and the next deal, ms (default 3000). */
  handPauseMs?: number;
  /** How long a dropped player's seat waits for them, s (default 60). */
  reconnectSeconds?: number;
  /** Who plays a seat whose player is gone for good: `tsumogiri` (the default) or `bot`. */
  absent?: 'tsumogiri' | 'bot';
  /** Commentators see every event this many ms late (at least 1000), and a hand's only once it has ended; null (default): no commentator view. */
  commentatorDelayMs?: number | null;
  /** A table nobody is at before its game began closes after this many seconds (default 20). */
  closeEmptySeconds?: number;
}

export type BotName = 'efficiency' | 'tsumogiri';
export const BOTS: Record<BotName, Bot> = { efficiency: efficiencyBot, tsumogiri: tsumogiriBot };

/** The create options, validated. */
export interface TableSettings {
  rules: Ruleset;
  name: string;
  private: boolean;
  seed: string;
  /** The creator gave the seed (tests, reproductions): it can compute every wall; listed and reported as such. */
  chosenSeed: boolean;
  bots: Set<Seat>;
  botName: BotName;
  botDelayMs: number;
  handPauseMs: number;
  reconnectSeconds: number;
  absent: 'tsumogiri' | 'bot';
  commentatorDelayMs: number | null;
  closeEmptySeconds: number;
  /** A private table's invite code (needed to join or watch it); null for a public one. */
  inviteCode: string | null;
  /** A service's table (the ranked queue's, a tournament's): its seats belong to accounts (service.ts); null for any other. */
  service: ServiceTable | null;
}

/** What the store keeps of the settings besides ruleset and seed (to rebuild the table after a restart). */
export type StoredSettings = Omit<TableSettings, 'rules' | 'seed' | 'bots'> & { bots: Seat[] };

function fail(field: string, reason: string): never {
  throw new ServerError(400, `invalid table option ${field}: ${reason}`);
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Longest names, in grapheme clusters (after cleaning: shared/src/text.ts). */
export const MAX_TABLE_NAME = 60;
export const MAX_PLAYER_NAME = 40;

/** Keys that would reach an object's prototype if some later copy assigned them: refused anywhere in the options. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const FORBIDDEN = 'forbidden key (__proto__, constructor and prototype are never options)';
/** Deeper than any option goes (overrides.pao.scope is 3): refused before the walk could exhaust the stack. */
const MAX_DEPTH = 8;

/**
 * The first place in `v` holding a forbidden key, or an object whose prototype is not Object's
 * (what a `__proto__` key becomes once copied by assignment), or nested past MAX_DEPTH; or null.
 */
export function forbiddenPath(v: unknown, path = '', depth = 0): { field: string; reason: string } | null {
  if (typeof v !== 'object' || v === null) return null;
  if (depth > MAX_DEPTH) return { field: path, reason: `nested deeper than ${MAX_DEPTH} levels` };
  const proto = Object.getPrototypeOf(v);
  // Colyseus copies the options by assignment: a `__proto__` key arrives as the object's prototype.
  if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return { field: path ? `${path}.__proto__` : '__proto__', reason: FORBIDDEN };
  for (const k of Reflect.ownKeys(v)) {
    const key = String(k);
    const at = path ? `${path}.${key}` : key;
    if (typeof k === 'symbol' || FORBIDDEN_KEYS.has(key)) return { field: at, reason: FORBIDDEN };
    const found = forbiddenPath((v as Record<string, unknown>)[key], at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** `raw` cleaned to at most `max` grapheme clusters, or `refuse(reason)`. */
function cleaned(raw: unknown, max: number, refuse: (reason: string) => never): string {
  if (typeof raw !== 'string') refuse('must be a string');
  try {
    return cleanName(raw, max);
  } catch (e) {
    if (e instanceof TextError) refuse(e.message);
    throw e;
  }
}

/** A player's name from the join options, cleaned; throws a ServerError (400, `BAD_NAME: …`) if it is refused. */
export const playerName = (raw: unknown): string =>
  cleaned(raw, MAX_PLAYER_NAME, (reason) => {
    throw new ServerError(400, `BAD_NAME: name ${reason}`);
  });

/** A table's name (or a custom ruleset's), cleaned, or the option refused. */
const tableName = (field: string, raw: unknown): string => cleaned(raw, MAX_TABLE_NAME, (reason) => fail(field, reason));

export const isSeat = (v: unknown): v is Seat => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 3;

const TIME_CONTROLS: Record<string, unknown> = { none: { kind: 'none' }, bank: ONLINE_BANK, wsom: WSOM_TIME };

/** The creator's join options, which Colyseus passes in the same object as the create options. */
const JOIN_KEYS = ['seat', 'spectator', 'commentator', 'token', 'playerName', 'code'];
const KNOWN = [
  'ruleset', 'overrides', 'foulPolicy', 'timeControl', 'name', 'private', 'seed', 'bots', 'bot',
  'botDelayMs', 'handPauseMs', 'reconnectSeconds', 'absent', 'commentatorDelayMs', 'closeEmptySeconds', ...JOIN_KEYS,
];

function integer(o: Record<string, unknown>, k: string, dflt: number, max: number): number {
  const v = o[k] ?? dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) fail(k, `must be an integer 0..${max}`);
  return v;
}

/** Validates the create options; throws a ServerError (400) naming the field at fault. */
export function parseTableOptions(raw: unknown): TableSettings {
  const o = raw === undefined || raw === null ? {} : raw;
  if (!isPlainObject(o)) fail('(root)', 'options must be an object');
  const bad = forbiddenPath(o);
  if (bad !== null) fail(bad.field, bad.reason);
  for (const k of Object.keys(o)) if (!KNOWN.includes(k)) fail(k, 'unknown option');
  const rulesetName = o.ruleset ?? 'tenhou';
  if (typeof rulesetName !== 'string') fail('ruleset', 'must be a ruleset name');
  if (o.overrides !== undefined && !isPlainObject(o.overrides)) fail('overrides', 'must be an object of settings');
  const overrides: Record<string, unknown> = { ...((o.overrides as Record<string, unknown> | undefined) ?? {}) };
  if (overrides.name !== undefined) overrides.name = tableName('overrides.name', overrides.name);
  if (o.foulPolicy !== undefined) {
    if (o.foulPolicy !== 'penalise' && o.foulPolicy !== 'prevent') fail('foulPolicy', 'must be "penalise" or "prevent"');
    overrides.foulPolicy = o.foulPolicy;
  }
  if (o.timeControl !== undefined) {
    const tc = typeof o.timeControl === 'string' ? TIME_CONTROLS[o.timeControl] : o.timeControl;
    if (!isPlainObject(tc)) fail('timeControl', `must be one of ${Object.keys(TIME_CONTROLS).join(', ')} or a time control object`);
    overrides.timeControl = tc;
  }
  let rules: Ruleset;
  try {
    rules = makeRuleset(rulesetName, overrides);
  } catch (e) {
    if (e instanceof RulesetError) {
      const i = e.issues[0];
      const field = i.field === 'name' ? 'ruleset' : `overrides.${i.field}`;
      fail(field, e.issues.map((x) => `${x.field}: ${x.reason}`).join('; '));
    }
    throw e;
  }
  const name = o.name === undefined ? rules.name : tableName('name', o.name);
  if (o.private !== undefined && typeof o.private !== 'boolean') fail('private', 'must be true or false');
  if (o.seed !== undefined && (typeof o.seed !== 'string' || o.seed.length === 0 || o.seed.length > 200)) fail('seed', 'must be a string of 1..200 characters');
  // 256 bits from the OS's CSPRNG: the walls are unguessable (docs/FAIRNESS.md). A chosen seed is for tests and reproductions.
  const seed = (o.seed as string | undefined) ?? randomBytes(32).toString('hex');
  const bots = new Set<Seat>();
  if (typeof o.bots === 'number') {
    if (!Number.isInteger(o.bots) || o.bots < 0 || o.bots > 4) fail('bots', 'must be 0..4 or a list of seats');
    for (let i = 4 - o.bots; i < 4; i++) bots.add(i as Seat);
  } else if (Array.isArray(o.bots)) {
    for (const s of o.bots) {
      if (!isSeat(s) || bots.has(s)) fail('bots', 'seats must be distinct integers 0..3');
      bots.add(s);
    }
  } else if (o.bots !== undefined) fail('bots', 'must be 0..4 or a list of seats');
  const botName = o.bot ?? 'efficiency';
  if (typeof botName !== 'string' || !Object.hasOwn(BOTS, botName)) fail('bot', `must be one of ${Object.keys(BOTS).join(', ')}`);
  const absent = o.absent ?? 'tsumogiri';
  if (absent !== 'tsumogiri' && absent !== 'bot') fail('absent', 'must be "tsumogiri" or "bot"');
  let commentatorDelayMs: number | null = null;
  if (o.commentatorDelayMs !== undefined && o.commentatorDelayMs !== null) {
    // Never a live full view: at least a second, and a hand's events wait for its end anyway (commentary.ts).
    commentatorDelayMs = integer(o, 'commentatorDelayMs', 0, 3_600_000);
    if (commentatorDelayMs < MIN_COMMENTATOR_DELAY_MS) fail('commentatorDelayMs', `must be at least ${MIN_COMMENTATOR_DELAY_MS} ms (commentators never see a hand before it has ended)`);
  }
  return {
    rules,
    name,
    private: o.private === true,
    seed,
    chosenSeed: o.seed !== undefined,
    bots,
    botName: botName as BotName,
    botDelayMs: integer(o, 'botDelayMs', 300, 60_000),
    handPauseMs: integer(o, 'handPauseMs', 3000, 60_000),
    reconnectSeconds: integer(o, 'reconnectSeconds', 60, 3600),
    absent,
    commentatorDelayMs,
    closeEmptySeconds: integer(o, 'closeEmptySeconds', DEFAULT_CLOSE_EMPTY_SECONDS, 3600),
    inviteCode: o.private === true ? newInviteCode() : null,
    // Only the server's own create calls ask for one (TableRoom.onCreate takes it from the options first).
    service: null,
  };
}
