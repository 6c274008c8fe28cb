import { z } from 'zod';
import { TimeControlSchema } from '../referee/timeControl';

/**
 * Bounds on the numbers (none may overflow what the table state encodes: scores are int32, ±2.1e9):
 * points a player starts with or must reach, and one payment (honba, riichi stick, noten).
 */
const MAX_POINTS = 1_000_000;
const MAX_PAYMENT = 100_000;
/** One place's uma, in global points. */
const umaPlace = () => z.number().min(-1000).max(1000);

/**
 * A ruleset is plain, validated data (flat named flags, as Pantheon's rulesets and
 * majiang-core's rule object). The engine reads flags; it never asks which ruleset it is.
 */
export const RulesetSchema = z
  .object({
    name: z.string().min(1).max(100),

    // Points and the final result
    startPoints: z.number().int().positive().max(MAX_POINTS),
    returnPoints: z.number().int().positive().max(MAX_POINTS),
    /** Uma for 1st..4th, in global points (thousands). */
    uma: z.tuple([umaPlace(), umaPlace(), umaPlace(), umaPlace()]),
    /** Sticks left on the table at the end of the game go to the first place. */
    leftoverSticksToWinner: z.boolean(),
    /**
     * Players tied on final points: `seatOrder` ranks the one nearer the first dealer higher
     * (Tenhou); `shareUma` gives the tied players the average of their places' uma, and they
     * share leftover sticks equally (WRC, EMA, Russian rules). Added with the ruleset review.
     */
    tiedRanks: z.enum(['seatOrder', 'shareUma']),

    // Tiles
    /** Red fives per suit (man, pin, sou): 0 or 1 each. */
    redFives: z.tuple([z.number().int().min(0).max(1), z.number().int().min(0).max(1), z.number().int().min(0).max(1)]),

    // Yaku and scoring
    openTanyao: z.boolean(),
    /** Fu for a pair of a wind that is both seat and round wind. */
    doubleWindPairFu: z.literal([2, 4]),
    kiriageMangan: z.boolean(),
    /** 13+ han without a yakuman: counted as yakuman or capped at sanbaiman. */
    kazoe: z.enum(['yakuman', 'sanbaiman']),
    /** Double-yakuman hands (suuankou tanki, kokushi 13-wait, junsei chuuren, daisuushii). */
    doubleYakuman: z.boolean(),
    /** Several yakuman in one hand add up. */
    yakumanStacking: z.boolean(),
    /**
     * Daisuushii alone scores a double yakuman even when `doubleYakuman` is false (EMA 2008/2012:
     * "daisuushii is the only double yakuman"). With `doubleYakuman` true it is double anyway.
     * Added with the ruleset review.
     */
    daisuushiiDouble: z.boolean(),
    /**
     * Renhou (a non-dealer's ron before his first draw, first go-around uninterrupted): not a yaku,
     * a mangan, or a yakuman. Added with the ruleset review.
     */
    renhou: z.enum(['none', 'mangan', 'yakuman']),
    nagashiMangan: z.boolean(),
    uraDora: z.boolean(),
    kanDora: z.boolean(),
    kanUraDora: z.boolean(),
    /** When a kan's new dora indicator turns: at once, or (open/added kan) after the next discard or rinshan draw. */
    kanDoraTiming: z.enum(['immediate', 'afterDiscard']),
    /**
     * Liability (pao) for daisangen / daisuushii fed by the third dragon / fourth wind pon or kan.
     * `scope`: the liable seat pays for the whole hand, stacked yakuman included (Tenhou), or only
     * for the pao'd yakuman; either way all on tsumo, half beside the discarder on ron, and the honba.
     * `suukantsu`: the seat whose discard is called for the fourth kan by daiminkan (after three
     * kans) is liable for suukantsu (M.League). Added with the presets; defaults to false.
     */
    pao: z.strictObject({
      daisangen: z.boolean(),
      daisuushii: z.boolean(),
      suukantsu: z.boolean().default(false),
      scope: z.enum(['whole', 'paoYakuman']),
    }),
    honbaPoints: z.number().int().min(0).max(MAX_PAYMENT),
    /**
     * From this many honba on the table, a win needs at least two han from yaku (dora and red
     * fives do not count); null: never (EMA 2008/2012 §3.4.11: 5). Added with the ruleset review.
     */
    ryanhanShibari: z.number().int().positive().max(100).nullable(),
    riichiStick: z.number().int().min(0).max(MAX_PAYMENT),
    notenPayment: z.number().int().min(0).max(MAX_PAYMENT),

    // Play
    /** Discarding after a call the called tile, or the other end of a chii's run (suji kuikae). */
    kuikae: z.enum(['allowed', 'forbidden']),
    /**
     * Temporary furiten also ends when another player's call (chii, pon, open kan) interrupts the
     * go-around (EMA12-FURITEN-TEMP); otherwise it lasts until the player's own next discard, made
     * after his draw or his own call (Tenhou, WRC 2015, EMA 2016, Russian).
     */
    tempFuritenEndsOnCall: z.boolean(),
    /**
     * A concealed or added kan by another player also ends it, as any kan interrupts the
     * go-around (EMA's reading of EMA12-FURITEN-TEMP). An open kan is a call and follows
     * `tempFuritenEndsOnCall`. Defaults to false (Tenhou, WRC 2015, EMA 2016, Russian), so a
     * ruleset written without it keeps the behaviour it had before the field existed.
     */
    tempFuritenEndsOnConcealedKan: z.boolean().default(false),
    /** Several players ron the same discard. */
    multipleRon: z.enum(['headBump', 'double', 'triple']),
    abortiveDraws: z.strictObject({
      nineTerminals: z.boolean(),
      fourWinds: z.boolean(),
      fourKans: z.boolean(),
      fourRiichi: z.boolean(),
      tripleRon: z.boolean(),
    }),
    /** Kokushi musou may rob a concealed kan. */
    kokushiRobsAnkan: z.boolean(),
    /** Points needed to declare riichi (the stick must be paid). */
    riichiMinPoints: z.number().int().min(0).max(MAX_POINTS),
    /** Live-wall tiles that must remain to declare riichi. */
    riichiMinWallTiles: z.number().int().min(0).max(136),
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
    /**
     * Agari-yame: a dealer who wins the last hand and is then first (with at least returnPoints)
     * ends the game instead of repeating (taken automatically here).
     */
    agariYame: z.boolean(),
    /**
     * Tenpai-yame: the same when the dealer is tenpai at an exhaustive draw of the last hand and
     * first (Tenhou). Added with the ruleset review.
     */
    tenpaiYame: z.boolean(),

    // Fouls
    foulPolicy: z.enum(['penalise', 'prevent']),
    /** Whose fault rules the referee applies (and cites when it refuses under 'prevent'). */
    rulebook: z.enum(['wrc', 'ema12', 'russian']),
    /**
     * Players take their own wall tiles with a `draw` command, as at a table, so that drawing out
     * of turn, drawing twice or discarding without drawing can happen and be judged (long and
     * short hands). Off: the server draws for them. Replacement tiles after a kan are always dealt.
     */
    clientDraws: z.boolean(),
    /**
     * World Series of Mahjong rules as an overlay on the ruleset's own rulebook (docs/REFEREE.md
     * §1.5 WSOM column, §3.7). `count`: wrong tile counts are WSOM-LONG (dead: no win, no claim,
     * no kan) and WSOM-SHORT (dead: no win, claims and kans still allowed) — reachable only with
     * `clientDraws`. `claims`: wrong claims, false wins and cancelled kans are judged as WSOM's
     * (penalty tiles exposed face up and play going on) instead of the rulebook's own rows.
     */
    wsom: z.strictObject({ count: z.boolean(), claims: z.boolean() }),
    /** A riichi may be withdrawn this long after it is declared, at the cost of a dead hand (RUS-DEAD-G); null: never. */
    riichiRetractMs: z.number().int().positive().max(3_600_000).nullable(),
    /** Clocks: none, WSOM's turn and hand limits (WSOM-TIME-*), or a base time plus a bank. */
    timeControl: TimeControlSchema,
    /**
     * globalPoints: that many global points off the offender's final score, after uma (WRC-P-CHOMBO);
     * mangan: a reverse mangan tsumo payment in table points, 4,000 to the dealer and 2,000 to each
     * other player, or 4,000 to each from a dealer offender (EMA12-CHOMBO-PAY); none: faults are
     * prevented, never penalised.
     */
    chombo: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('globalPoints'), points: z.number().positive().max(1000) }),
      z.strictObject({ kind: z.literal('mangan') }),
      z.strictObject({ kind: z.literal('none') }),
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
    if (r.abortiveDraws.tripleRon && r.multipleRon !== 'double')
      ctx.addIssue({
        code: 'custom',
        path: ['abortiveDraws', 'tripleRon'],
        message: `a triple-ron abortive draw needs multipleRon "double" (multipleRon is "${r.multipleRon}")`,
      });
    if (r.wsom.count && !r.clientDraws)
      ctx.addIssue({ code: 'custom', path: ['wsom', 'count'], message: 'wsom.count needs clientDraws (only players who draw for themselves can hold a wrong count)' });
    if (r.foulPolicy === 'penalise' && r.chombo.kind === 'none')
      ctx.addIssue({ code: 'custom', path: ['chombo'], message: 'foulPolicy "penalise" needs a chombo penalty (kind "globalPoints" or "mangan")' });
  });

export type Ruleset = z.infer<typeof RulesetSchema>;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] };
export type RulesetOverrides = DeepPartial<Ruleset>;
