import { z } from 'zod';

/**
 * A ruleset is plain, validated data (flat named flags, as Pantheon's rulesets and
 * majiang-core's rule object). The engine reads flags; it never asks which ruleset it is.
 */
export const RulesetSchema = z
  .object({
    name: z.string().min(1),

    // Points and the final result
    startPoints: z.number().int().positive(),
    returnPoints: z.number().int().positive(),
    /** Uma for 1st..4th, in global points (thousands). */
    uma: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    /** Sticks left on the table at the end of the game go to the first place. */
    leftoverSticksToWinner: z.boolean(),

    // Tiles
    /** Red fives per suit (man, pin, sou): 0 or 1 each. */
    redFives: z.tuple([z.number().int().min(0).max(1), z.number().int().min(0).max(1), z.number().int().min(0).max(1)]),

    // Yaku and scoring
    openTanyao: z.boolean(),
    /** Fu for a pair of a wind that is both seat and round wind. */
    doubleWindPairFu: z.union([z.literal(2), z.literal(4)]),
    kiriageMangan: z.boolean(),
    /** 13+ han without a yakuman: counted as yakuman or capped at sanbaiman. */
    kazoe: z.enum(['yakuman', 'sanbaiman']),
    /** Double-yakuman hands (suuankou tanki, kokushi 13-wait, junsei chuuren, daisuushii). */
    doubleYakuman: z.boolean(),
    /** Several yakuman in one hand add up. */
    yakumanStacking: z.boolean(),
    nagashiMangan: z.boolean(),
    uraDora: z.boolean(),
    kanDora: z.boolean(),
    kanUraDora: z.boolean(),
    /** When a kan's new dora indicator turns: at once, or (open/added kan) after the next discard or rinshan draw. */
    kanDoraTiming: z.enum(['immediate', 'afterDiscard']),
    /** Liability (pao) for daisangen / daisuushii fed by the third dragon / fourth wind pon or kan. */
    pao: z.object({ daisangen: z.boolean(), daisuushii: z.boolean() }),
    honbaPoints: z.number().int().min(0),
    riichiStick: z.number().int().min(0),
    notenPayment: z.number().int().min(0),

    // Play
    /** Discarding after a call the called tile, or the other end of a chii's run (suji kuikae). */
    kuikae: z.enum(['allowed', 'forbidden']),
    /** Several players ron the same discard. */
    multipleRon: z.enum(['headBump', 'double', 'triple']),
    abortiveDraws: z.object({
      nineTerminals: z.boolean(),
      fourWinds: z.boolean(),
      fourKans: z.boolean(),
      fourRiichi: z.boolean(),
      tripleRon: z.boolean(),
    }),
    /** Kokushi musou may rob a concealed kan. */
    kokushiRobsAnkan: z.boolean(),
    /** Points needed to declare riichi (the stick must be paid). */
    riichiMinPoints: z.number().int().min(0),
    /** Live-wall tiles that must remain to declare riichi. */
    riichiMinWallTiles: z.number().int().min(0),
    /** The dealer keeps the deal when tenpai at an exhaustive draw. */
    dealerRepeatOnTenpai: z.boolean(),
    /** The dealer keeps the deal after an abortive draw. */
    dealerRepeatOnAbort: z.boolean(),

    // Game length and end
    length: z.enum(['tonpuusen', 'hanchan']),
    /** The game ends when a player's points fall below zero. */
    bust: z.boolean(),
    /** Extra rounds (sudden death) while nobody has reached returnPoints. */
    westExtension: z.boolean(),
    /** The dealer who is first after the last hand may end the game (taken automatically here). */
    agariYame: z.boolean(),

    // Fouls
    foulPolicy: z.enum(['penalise', 'prevent']),
    chombo: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('globalPoints'), points: z.number().positive() }),
      z.object({ kind: z.literal('mangan') }),
      z.object({ kind: z.literal('none') }),
    ]),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.returnPoints < r.startPoints)
      ctx.addIssue({ code: 'custom', path: ['returnPoints'], message: 'returnPoints must be at least startPoints' });
    const umaSum = r.uma.reduce((a, b) => a + b, 0);
    if (Math.abs(umaSum) > 1e-9) ctx.addIssue({ code: 'custom', path: ['uma'], message: `uma must sum to 0 (sums to ${umaSum})` });
    if (r.kanUraDora && !(r.kanDora && r.uraDora))
      ctx.addIssue({ code: 'custom', path: ['kanUraDora'], message: 'kanUraDora needs kanDora and uraDora' });
  });

export type Ruleset = z.infer<typeof RulesetSchema>;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] };
export type RulesetOverrides = DeepPartial<Ruleset>;
