import { ServerError } from '@colyseus/core';
import { z } from 'zod';
import { makeRuleset, RulesetError, type Ruleset } from '@jantaku/shared/rules/index';
import { parseTableOptions } from '../rooms/options';
import { SEATING_METHODS } from './seating';

/**
 * A tournament's settings, as the organiser gives them (`POST /api/tournaments`). Start points,
 * uma, oka (as return points) and the foul policy are ruleset settings: they are folded into the
 * overrides, and the whole is checked by `makeRuleset` before anything is stored.
 */
export const SettingsSchema = z.strictObject({
  /** Short enough that its tables' names (`name · R12 T34 H5`) fit a table's name (60). */
  name: z.string().trim().min(1).max(44),
  /** A shipped ruleset (`wrc2015`, `ema2012`, `tenhou`, …). */
  ruleset: z.string().min(1).max(40),
  overrides: z.record(z.string(), z.unknown()).default({}),
  rounds: z.number().int().min(1).max(30),
  hanchansPerRound: z.number().int().min(1).max(8).default(1),
  timeControl: z.union([z.enum(['none', 'bank', 'wsom']), z.record(z.string(), z.unknown())]).default('none'),
  startPoints: z.number().int().positive().optional(),
  /** Oka is `returnPoints − startPoints` per player, paid to the winner. */
  returnPoints: z.number().int().positive().optional(),
  uma: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  foulPolicy: z.enum(['penalise', 'prevent']).optional(),
  seating: z.enum(SEATING_METHODS as [string, ...string[]]).default('schedule'),
  /** live: public tables anyone may watch; delayed: private tables, watched through the commentator view's delay. */
  spectators: z.enum(['live', 'delayed']).default('live'),
  /** Spectators' delay when `delayed`, ms. */
  spectatorDelayMs: z.number().int().min(1000).max(3_600_000).default(120_000),
  /** Duplicate: every table of a round plays the same walls (one seed per round and hanchan). */
  duplicate: z.boolean().default(false),
  /** A seat not taken this long after its table is made is played as absent (the player may still come). */
  joinSeconds: z.number().int().min(1).max(3600).default(120),
  /** Pause between hands at the tables, ms (the table's default when absent). */
  handPauseMs: z.number().int().min(0).max(60_000).optional(),
  /** How long every claim window is held open (and an absent seat waits before it plays), ms (the table's default when absent). */
  botDelayMs: z.number().int().min(0).max(5000).optional(),
});

export type Settings = z.infer<typeof SettingsSchema>;

export class SettingsError extends Error {}

/** The ruleset the tables play: the shipped one, the overrides, then the named settings over them. */
export function rulesetOf(s: Settings): Ruleset {
  return makeRuleset(s.ruleset, overridesOf(s));
}

export function overridesOf(s: Settings): Record<string, unknown> {
  return {
    ...s.overrides,
    ...(s.startPoints !== undefined ? { startPoints: s.startPoints } : {}),
    ...(s.returnPoints !== undefined ? { returnPoints: s.returnPoints } : {}),
    ...(s.uma !== undefined ? { uma: s.uma } : {}),
    ...(s.foulPolicy !== undefined ? { foulPolicy: s.foulPolicy } : {}),
  };
}

/** A table's create options under these settings (the service adds whose seats are whose). */
export function tableOptionsOf(s: Settings, name: string, extra: { seed?: string; emptySeats?: number[] } = {}): Record<string, unknown> {
  const delayed = s.spectators === 'delayed';
  return {
    ruleset: s.ruleset,
    overrides: overridesOf(s),
    timeControl: s.timeControl,
    name,
    // Duplicate: the round's tables share walls, so none is watched, nor its records read, before the round is over.
    private: delayed || s.duplicate,
    ...(delayed ? { commentatorDelayMs: s.spectatorDelayMs } : {}),
    ...(extra.seed !== undefined ? { seed: extra.seed } : {}),
    ...(s.handPauseMs !== undefined ? { handPauseMs: s.handPauseMs } : {}),
    ...(s.botDelayMs !== undefined ? { botDelayMs: s.botDelayMs } : {}),
    // A seat nobody plays (a missed hanchan without a substitute) is played by tsumogiri.
    ...(extra.emptySeats?.length ? { bots: extra.emptySeats, bot: 'tsumogiri' } : {}),
  };
}

/** Parses and checks settings (as the tables will check them too); throws SettingsError naming each field at fault. */
export function parseSettings(raw: unknown): Settings {
  const r = SettingsSchema.safeParse(raw);
  if (!r.success) throw new SettingsError(r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
  try {
    rulesetOf(r.data);
    parseTableOptions(tableOptionsOf(r.data, `${r.data.name} · R${r.data.rounds} T100 H${r.data.hanchansPerRound}`));
  } catch (e) {
    if (e instanceof RulesetError || e instanceof ServerError) throw new SettingsError(e.message);
    throw e;
  }
  return r.data;
}
