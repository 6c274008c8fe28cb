import { RULE_IDS, isRuleId, type RuleId, type Rulebook } from './ids';
import type { Penalty } from './penalty';

/**
 * The rule catalogue (docs/REFEREE.md §2) as data: for each of the 146 rule IDs of
 * `shared/rules/*.md`, the reason players see, the rulebook's penalty, when it is detected and
 * whether the server can apply it online.
 *
 * `penalty` is the penalty the rule itself gives — what a referee's `fault` command applies
 * when it cites the rule (§3.10). The referee's automatic judgements take theirs from the
 * situation rows of §1.5, which may differ (e.g. WRC-F-INVALID-GROUP first opens a correction
 * window and gives no penalty; its dead hand is for a group that stands, manual only, D5).
 */

/** When a rule is detected or applied. */
export type Detect =
  /** when the seat sends the command (a call, win, riichi, kan, kyuushu, draw, take, retractRiichi) */
  | 'declaration'
  /** at a discard (the offender's own, or — claimed tile not taken — another seat's) */
  | 'discard'
  /** at the offender's own win, judged before it is paid (deferred faults, §1.5 E3) */
  | 'win'
  /** at the exhaustive draw (§1.5 E1) */
  | 'exhaustiveDraw'
  /** at any drawn hand, exhaustive or abortive (§1.5 E1, E2) */
  | 'anyDraw'
  /** from the time stamps of the logged commands, or a timer the room schedules (P5) */
  | 'clock'
  /** from the room: a seat joining, leaving, being replaced */
  | 'room'
  /** only by a referee's command (§3.10) */
  | 'referee'
  /** a rule of play the engine (or the standings) applies; nothing to judge */
  | 'engine'
  /** cannot arise online */
  | 'never';

interface EntryBody {
  /** Short name of the rule. */
  title: string;
  /** The one-line English reason shown to players when the rule is cited. */
  reason: string;
  /** The rule's penalty; null for rules that are not faults (definitions, rules of play, headings whose cases carry the penalty). */
  penalty: Penalty | null;
  /** When it is detected (several moments for deferred rules: "his win or the exhaustive draw"). */
  detect: readonly [Detect, ...Detect[]];
  /** Detected automatically only when the ruleset has `clientDraws` (§1.4; "auto·cd" in §2). */
  clientDraws?: true;
  /** For a heading of the rulebook: the IDs of its cases. */
  cases?: readonly RuleId[];
}

type Online =
  /** The server applies it by itself: from commands, the clock or the room, or as a rule of play. */
  | { online: true; whyNotOnline?: undefined }
  /** Only a person can see it (a referee records it by hand), or it cannot arise online: why. */
  | { online: false; whyNotOnline: string };

export type CatalogueEntry = EntryBody & Online & { rulebook: Rulebook };

type Body = EntryBody & Online;

// Penalties used below.
const NONE: Penalty = { kind: 'none' };
const WARN: Penalty = { kind: 'warning' };
const DEAD: Penalty = { kind: 'deadHand' };
const CHOMBO: Penalty = { kind: 'chombo' };
const DQ: Penalty = { kind: 'disqualification' };
const ANY: Penalty = { kind: 'discretion' };
const pts = (points: number): Penalty => ({ kind: 'points', points });
const tiles = (n: number | 'allConcealed' | 'wronglyExposed'): Penalty => ({ kind: 'penaltyTiles', tiles: n });

const ON = { online: true } as const;
const off = (whyNotOnline: string) => ({ online: false, whyNotOnline }) as const;

type Of<P extends string> = Extract<RuleId, `${P}-${string}`>;

// ─────────────────────────────────────────────────────────────────────────────────────────────
// §2.1 WRC 2015 — rulesets wrc2015, ema2016 (citations for tenhou)
// ─────────────────────────────────────────────────────────────────────────────────────────────
const WRC: Record<Of<'WRC'>, Body> = {
  'WRC-P-NONE': {
    title: 'No penalty',
    reason: 'Trivial offence: no penalty.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-P-POINTS': {
    title: 'Penalty points',
    reason: 'Penalty points come off your global score; table points do not change.',
    penalty: null,
    detect: ['declaration', 'win', 'exhaustiveDraw', 'room', 'referee'],
    cases: ['WRC-F-CALL-WHILE-DEAD-ANNOUNCED', 'WRC-P-CHOMBO', 'WRC-F-LATE-1-10', 'WRC-F-MISSED-PENALTY', 'WRC-F-PHONE'],
    ...ON,
  },
  'WRC-P-POINTS-RATE': {
    title: 'Global points',
    reason: 'One global point is 1,000 table points.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'WRC-P-POINTS-EXAMPLE': {
    title: 'Penalty points: worked example',
    reason: 'Worked example: 25 global points after a hanchan, minus 20 penalty points for a call with a dead hand, leaves 5; table points do not change.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'WRC-P-DEAD': {
    title: 'Dead hand',
    reason: 'Your hand is dead: no chii, pon, kan, riichi or win this hand, and it counts as noten.',
    penalty: DEAD,
    detect: ['declaration', 'discard', 'referee'],
    ...ON,
  },
  'WRC-P-CHOMBO': {
    title: 'Chombo',
    reason: 'Chombo: 20 penalty points and the hand is redealt.',
    penalty: CHOMBO,
    detect: ['declaration', 'win', 'exhaustiveDraw', 'referee'],
    ...ON,
  },
  'WRC-P-DQ': {
    title: 'Disqualification',
    reason: 'Disqualified: you play no more of this tournament and are not ranked.',
    penalty: DQ,
    detect: ['referee'],
    ...off('only a head referee decides a disqualification (cheating, repeated obstruction); the seat is then auto-played to the end of the hanchan'),
  },
  'WRC-CHOMBO-WIN-SAME-TIME': {
    title: 'Chombo at the same time as a win',
    reason: 'A chombo at the same moment as a win is cancelled; the win is paid.',
    penalty: null,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-CHOMBO-DRAW-SAME-TIME': {
    title: 'Chombo at the exhaustive draw',
    reason: 'Chombo at the exhaustive draw: no noten payments, no honba, the hand is redealt.',
    penalty: null,
    detect: ['exhaustiveDraw'],
    ...ON,
  },
  'WRC-F-FALSE-CALL': {
    title: 'False call',
    reason: 'You declared something you cannot carry out.',
    penalty: null,
    detect: ['declaration'],
    cases: ['WRC-F-FALSE-CALL-MELD', 'WRC-F-FALSE-CALL-ANKAN', 'WRC-F-FALSE-CALL-RIICHI', 'WRC-F-FALSE-WIN-HIDDEN', 'WRC-F-FALSE-WIN-REVEALED'],
    ...ON,
  },
  'WRC-F-FALSE-CALL-MELD': {
    title: 'False call: chii, pon or kan',
    reason: 'False call for chii, pon or kan: no penalty, the call is cancelled.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-FALSE-CALL-ANKAN': {
    title: 'False concealed kan',
    reason: 'False concealed-kan declaration: no penalty.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-FALSE-CALL-RIICHI': {
    title: 'False riichi',
    reason: 'You cannot declare riichi now: no penalty; your tile is discarded normally.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-FALSE-WIN-HIDDEN': {
    title: 'False win, hand concealed',
    reason: 'False win declared without showing the hand: dead hand.',
    penalty: DEAD,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-FALSE-WIN-REVEALED': {
    title: 'False win, hand shown',
    reason: 'False win with the hand shown: chombo.',
    penalty: CHOMBO,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-KUIKAE': {
    title: 'Swap-calling (kuikae)',
    reason: 'Swap-call (kuikae): dead hand; the discard stands.',
    penalty: DEAD,
    detect: ['discard'],
    ...ON,
  },
  'WRC-F-INVALID-GROUP': {
    title: 'Invalid group',
    reason: 'The tiles you named do not make that group: correct it in this window or it is withdrawn.',
    // The rulebook's dead hand is for a group that stands after a discard: online the server never
    // builds one, so it is given only by a referee's hand; online the fault opens a correction (D5).
    penalty: DEAD,
    detect: ['declaration'],
    cases: ['WRC-F-INVALID-GROUP-CORRECT'],
    ...ON,
  },
  'WRC-F-INVALID-GROUP-CORRECT': {
    title: 'Invalid group corrected',
    reason: 'Group corrected before discarding: no penalty.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-CHANGE-CALL': {
    title: 'Changing a call',
    reason: 'A call cannot be changed: your first call stands.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-WRONG-TERM': {
    title: 'Wrong term',
    reason: 'Calls are chii, pon, kan, riichi, ron and tsumo; another term is not penalised when the intention is clear.',
    penalty: null,
    detect: ['never'],
    ...off('commands are typed: there is no spoken term to get wrong'),
  },
  'WRC-F-CALL-WHILE-DEAD': {
    title: 'Calling with a dead hand',
    reason: 'Your hand is dead: it may not call, kan, riichi or win.',
    penalty: null,
    detect: ['declaration', 'referee'],
    cases: ['WRC-F-CALL-WHILE-DEAD-ANNOUNCED', 'WRC-F-CALL-WHILE-DEAD-UNANNOUNCED'],
    ...ON,
  },
  'WRC-F-CALL-WHILE-DEAD-ANNOUNCED': {
    title: 'Call with an announced dead hand',
    reason: 'Call with a hand already declared dead: 20 penalty points; play goes on.',
    penalty: pts(20),
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-CALL-WHILE-DEAD-UNANNOUNCED': {
    title: 'Call with an unannounced dead hand',
    reason: 'Call with a dead hand not yet declared: the call is cancelled, no penalty.',
    penalty: NONE,
    detect: ['declaration', 'referee'],
    ...off(
      'online every dead hand is announced the moment it is given (D6); only a dead hand a referee records by hand with announce: false takes this path',
    ),
  },
  'WRC-F-TILE-COUNT': {
    title: 'Wrong number of tiles',
    reason: 'Wrong number of tiles: dead hand.',
    penalty: DEAD,
    detect: ['discard'],
    clientDraws: true,
    cases: ['WRC-F-CLAIM-NOT-TAKEN', 'WRC-F-WRONG-COUNT'],
    ...ON,
  },
  'WRC-F-CLAIM-NOT-TAKEN': {
    title: 'Claimed tile not taken',
    reason: 'Claimed tile not taken before the next two players discarded: dead hand.',
    penalty: DEAD,
    detect: ['never'],
    ...off('the server moves a claimed tile into the caller\'s meld the moment the claim is granted, even where players draw their own wall tiles'),
  },
  'WRC-F-WRONG-COUNT': {
    title: 'Too many or too few tiles',
    reason: 'Too many or too few tiles: dead hand.',
    penalty: DEAD,
    detect: ['discard'],
    clientDraws: true,
    ...ON,
  },
  'WRC-F-REVEAL': {
    title: 'Tiles revealed or drawn by mistake',
    reason: 'Tiles revealed or drawn by mistake.',
    penalty: null,
    detect: ['declaration', 'referee'],
    clientDraws: true,
    cases: ['WRC-F-REVEAL-FEW', 'WRC-F-REVEAL-UNFAIR', 'WRC-F-REVEAL-DEAL', 'WRC-F-REVEAL-RETURN', 'WRC-F-REVEAL-WALL-BUILDING'],
    ...ON,
  },
  'WRC-F-REVEAL-FEW': {
    title: 'A few tiles revealed or drawn by mistake',
    reason: 'A tile drawn by mistake goes back to the wall: no penalty.',
    penalty: NONE,
    detect: ['declaration', 'referee'],
    clientDraws: true,
    ...ON,
  },
  'WRC-F-REVEAL-UNFAIR': {
    title: 'Reveal that makes play unfair',
    reason: 'So many tiles were revealed that play cannot go on fairly: chombo.',
    penalty: CHOMBO,
    detect: ['referee'],
    ...off('the server reveals no tile by mistake; only a player showing tiles outside the game (stream, chat) can cause it, and only a person sees that'),
  },
  'WRC-F-REVEAL-DEAL': {
    title: 'Problem during the deal',
    reason: 'A problem during the deal: redeal, no penalty.',
    penalty: { kind: 'redeal' },
    detect: ['never'],
    ...off('the server deals; a referee may still redeal without penalty with the redeal command'),
  },
  'WRC-F-REVEAL-RETURN': {
    title: 'Mistaken tiles go back',
    reason: 'Tiles drawn by mistake go back where they came from.',
    penalty: null,
    detect: ['declaration'],
    clientDraws: true,
    ...ON,
  },
  'WRC-F-REVEAL-WALL-BUILDING': {
    title: 'Reveal while building the wall',
    reason: 'Revealing tiles while building the wall is not penalised.',
    penalty: null,
    detect: ['never'],
    ...off('there is no wall building online: the server builds the wall'),
  },
  'WRC-F-RIICHI': {
    title: 'Incorrect riichi declaration',
    reason: 'Incorrect riichi declaration.',
    penalty: null,
    detect: ['declaration', 'win', 'exhaustiveDraw'],
    cases: [
      'WRC-F-RIICHI-NO-STICK',
      'WRC-F-RIICHI-NOT-SAID',
      'WRC-F-RIICHI-NOT-TURNED',
      'WRC-F-RIICHI-OPEN-HAND',
      'WRC-F-RIICHI-NOTEN',
      'WRC-F-RIICHI-BAD-ANKAN',
      'WRC-F-RIICHI-NOT-TURNED-FURITEN',
      'WRC-F-RIICHI-CANCELLED',
      'WRC-F-RIICHI-WHEN-JUDGED',
      'WRC-F-RIICHI-NOTEN-DEAD-EXCEPTION',
    ],
    ...ON,
  },
  'WRC-F-RIICHI-NO-STICK': {
    title: 'Riichi stick not placed',
    reason: 'The 1,000-point riichi stick was not placed: no penalty, it must be placed.',
    penalty: NONE,
    detect: ['never'],
    ...off('the server takes the 1,000 points itself when the riichi discard is not ronned'),
  },
  'WRC-F-RIICHI-NOT-SAID': {
    title: 'Riichi not said',
    reason: 'Riichi declared without saying "riichi": no penalty.',
    penalty: NONE,
    detect: ['never'],
    ...off('the riichi command is the declaration'),
  },
  'WRC-F-RIICHI-NOT-TURNED': {
    title: 'Riichi tile not turned',
    reason: 'The riichi discard was not turned sideways: no penalty, it must be turned.',
    penalty: NONE,
    detect: ['never'],
    ...off('the server marks the riichi tile itself (DiscardRecord.riichi)'),
  },
  'WRC-F-RIICHI-NOT-TURNED-FURITEN': {
    title: 'Unknown riichi tile and furiten',
    reason: 'When the riichi tile is unknown, the earliest candidate discard counts for furiten.',
    penalty: null,
    detect: ['never'],
    ...off('the riichi tile is always known to the server'),
  },
  'WRC-F-RIICHI-OPEN-HAND': {
    title: 'Riichi with an open hand',
    reason: 'Riichi needs a closed hand: the riichi is cancelled, no penalty.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-RIICHI-NOTEN': {
    title: 'Noten riichi',
    reason: 'Riichi on a hand that was not waiting: chombo.',
    penalty: CHOMBO,
    detect: ['win', 'exhaustiveDraw'],
    ...ON,
  },
  'WRC-F-RIICHI-BAD-ANKAN': {
    title: 'Invalid concealed kan after riichi',
    reason: 'Concealed kan after riichi that changed the waits: chombo.',
    penalty: CHOMBO,
    detect: ['win', 'exhaustiveDraw'],
    ...ON,
  },
  'WRC-F-RIICHI-CANCELLED': {
    title: 'Riichi cancelled',
    reason: 'Riichi cancelled: no stick paid, and no noten-riichi judgement.',
    penalty: null,
    detect: ['declaration'],
    ...ON,
  },
  'WRC-F-RIICHI-WHEN-JUDGED': {
    title: 'When riichi faults are judged',
    reason: 'Noten riichi and a bad kan are judged only when you win or at the exhaustive draw.',
    penalty: null,
    detect: ['win', 'exhaustiveDraw'],
    ...ON,
  },
  'WRC-F-RIICHI-NOTEN-DEAD-EXCEPTION': {
    title: 'Riichi noten only through a later dead hand',
    reason: 'Your riichi was valid; you are noten only because of a later dead hand: no chombo, you pay as noten.',
    penalty: null,
    detect: ['exhaustiveDraw'],
    ...ON,
  },
  'WRC-F-INFO': {
    title: 'Passing information',
    reason: 'Passing information to other players.',
    penalty: ANY,
    detect: ['referee'],
    ...off('table chat can be off under penalise; what is said elsewhere only a person can judge'),
  },
  'WRC-F-CHEAT': {
    title: 'Cheating',
    reason: 'Cheating: disqualification.',
    penalty: DQ,
    detect: ['referee'],
    ...off('collusion, second accounts and outside help are not visible in the commands'),
  },
  'WRC-F-OBSTRUCTION': {
    title: 'Obstruction',
    reason: 'Obstruction: penalty at the referee\'s discretion.',
    penalty: ANY,
    detect: ['referee'],
    ...off('obstruction is a matter of intent: the server only raises attention after repeated no-penalty faults (D33); a referee decides'),
  },
  'WRC-F-INDUCED': {
    title: "Fault caused by another player's fault",
    reason: "Your fault was caused by another player's fault: penalty adapted by the referee.",
    penalty: ANY,
    detect: ['referee'],
    ...off('online every fault is caught when made, so one cannot hide and mislead; kept for faults a referee records by hand'),
  },
  'WRC-F-PHONE': {
    title: 'Phone ringing',
    reason: "Phone ringing: penalty points at the referee's discretion.",
    penalty: { kind: 'discretion', range: ['points'] },
    detect: ['referee'],
    ...off('physical: the server cannot hear a phone'),
  },
  'WRC-F-DEVICE': {
    title: 'Using an electronic device',
    reason: "Using an electronic device: penalty at the referee's discretion.",
    penalty: ANY,
    detect: ['referee'],
    ...off('online a device is e.g. an analysis tool during play, which is invisible to the server'),
  },
  'WRC-F-LATE': {
    title: 'Late arrival',
    reason: 'Late for a hanchan.',
    penalty: null,
    detect: ['room', 'clock', 'referee'],
    cases: ['WRC-F-LATE-1-10', 'WRC-F-LATE-OVER-10'],
    ...ON,
  },
  'WRC-F-LATE-1-10': {
    title: 'Late 1 to 10 minutes',
    reason: 'Late 1 to 10 minutes: 1 penalty point per minute.',
    penalty: { kind: 'points', points: 1, per: { unitMs: 60_000, of: 'lateness' } },
    detect: ['room', 'referee'],
    ...ON,
  },
  'WRC-F-LATE-OVER-10': {
    title: 'Late more than 10 minutes',
    reason: 'More than 10 minutes late: replaced by a substitute for this hanchan.',
    penalty: { kind: 'substitute' },
    detect: ['clock', 'room'],
    ...ON,
  },
  'WRC-F-MISSED': {
    title: 'Missed hanchan',
    reason: 'Missed hanchan.',
    penalty: null,
    detect: ['room', 'referee'],
    cases: ['WRC-F-MISSED-SUB-SCORE', 'WRC-F-MISSED-PENALTY', 'WRC-F-MISSED-LATE-CAP', 'WRC-F-MISSED-INTENTIONAL'],
    ...ON,
  },
  'WRC-F-MISSED-SUB-SCORE': {
    title: "Substitute's score",
    reason: "A substitute's result counts for the table but is not ranked.",
    penalty: null,
    detect: ['room', 'referee'],
    ...ON,
  },
  'WRC-F-MISSED-PENALTY': {
    title: 'Missed hanchan penalty',
    reason: 'You missed a hanchan: no points for it and 30 penalty points.',
    penalty: pts(30),
    detect: ['room', 'referee'],
    ...ON,
  },
  'WRC-F-MISSED-LATE-CAP': {
    title: 'Late then substituted: cap',
    reason: 'Late then substituted: 30 penalty points in all, not 30 plus the late points.',
    penalty: pts(30),
    detect: ['room', 'referee'],
    ...ON,
  },
  'WRC-F-MISSED-INTENTIONAL': {
    title: 'Hanchan missed on purpose',
    reason: 'Missing a hanchan on purpose may mean disqualification.',
    penalty: { kind: 'discretion', range: ['disqualification'] },
    detect: ['referee'],
    ...off('intent: only the head referee can judge that a hanchan was missed on purpose without good reason'),
  },
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// §2.2 EMA 2008/2012 — ruleset ema2012
// ─────────────────────────────────────────────────────────────────────────────────────────────
const EMA12: Record<Of<'EMA12'>, Body> = {
  'EMA12-END-WAYS': {
    title: 'How a hand ends',
    reason: 'A hand ends by exhaustive draw, abortive draw or win; a chombo redeal does not count as a hand.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-LAST-TILE-CLAIM': {
    title: 'Claiming the last tile',
    reason: 'The last tile may only be claimed to win; no concealed kan on the last tile.',
    penalty: null,
    detect: ['declaration'],
    ...ON,
  },
  'EMA12-EXHAUSTIVE': {
    title: 'Exhaustive draw',
    reason: 'Exhaustive draw: nobody won on the discard after the last tile.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-NOTEN-PAY': {
    title: 'Noten payments',
    reason: 'Noten players pay 3,000 in all to the tenpai players.',
    penalty: null,
    detect: ['exhaustiveDraw'],
    ...ON,
  },
  'EMA12-TENPAI-FOUR-HELD': {
    title: 'Waiting on a tile held four times',
    reason: 'Waiting only on a tile you hold all four of is not tenpai.',
    penalty: null,
    detect: ['declaration', 'anyDraw'],
    ...ON,
  },
  'EMA12-TENPAI-ALL-VISIBLE': {
    title: 'Waits all visible',
    reason: 'Tenpai even if every winning tile is visible.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-RIICHI-SHOW': {
    title: 'Riichi hands shown at the draw',
    reason: 'Riichi players show their hands at the exhaustive draw.',
    penalty: null,
    detect: ['exhaustiveDraw'],
    ...ON,
  },
  'EMA12-DRAW-COUNTER': {
    title: 'Counter after a draw',
    reason: 'After an exhaustive draw a counter is added.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-ABORT-GENERAL': {
    title: 'Abortive draws',
    reason: 'Abortive draw: no noten payments, a counter; hands shown only after four riichi.',
    penalty: null,
    detect: ['anyDraw'],
    ...ON,
  },
  'EMA12-ABORT-NINE-TERMINALS': {
    title: 'Nine terminals and honours',
    reason: 'Nine different terminals and honours on your first draw: you may abort.',
    penalty: null,
    detect: ['declaration'],
    ...ON,
  },
  'EMA12-ABORT-FOUR-KANS': {
    title: 'Four kans',
    reason: 'Abortive draw after four kans by more than one player.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-ABORT-FOUR-WINDS': {
    title: 'Four winds',
    reason: 'Abortive draw: the same wind discarded by all in the first go-around.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-ABORT-FOUR-RIICHI': {
    title: 'Four riichi',
    reason: 'Abortive draw on four riichi; all hands are shown.',
    penalty: null,
    detect: ['anyDraw'],
    ...ON,
  },
  'EMA12-DRAW-STICKS-STAY': {
    title: 'Riichi sticks stay after a draw',
    reason: 'After any draw the riichi sticks stay for the next winner.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-FURITEN': {
    title: 'Furiten',
    reason: 'Furiten: you may not win on a discard.',
    penalty: null,
    detect: ['declaration'],
    ...ON,
  },
  'EMA12-FURITEN-TSUMO': {
    title: 'Furiten tsumo',
    reason: 'A furiten hand may still win by tsumo.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-FURITEN-TEMP': {
    title: 'Temporary furiten',
    reason: 'You let a winning tile pass: furiten until your next draw (or a call).',
    penalty: null,
    detect: ['declaration'],
    ...ON,
  },
  'EMA12-FURITEN-TEMP-ENDS-ON-DRAW': {
    title: 'Temporary furiten ends on a draw',
    reason: 'Temporary furiten ends when you draw.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-FURITEN-EX1': {
    title: 'Furiten example: 3-6-9',
    reason: 'Waiting on 3-6-9 with any of them discarded: furiten.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-FURITEN-EX2': {
    title: 'Furiten example: 1-4',
    reason: 'Waiting on 1-4: a discarded 7 does not make you furiten.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-FURITEN-EX3': {
    title: 'Furiten example: 4-7 and a dragon',
    reason: 'Waiting on 4-7 and a dragon: any of them discarded makes you furiten.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'EMA12-CHOMBO-REDEAL': {
    title: 'Chombo and redeal',
    reason: 'Chombo: the hand is redealt; a chombo at the same time as a win is cancelled.',
    penalty: CHOMBO,
    detect: ['declaration', 'win', 'anyDraw', 'referee'],
    ...ON,
  },
  'EMA12-CHOMBO-PAY': {
    title: 'Chombo payment',
    reason: 'Chombo: you pay a mangan, 4,000 to East and 2,000 to the others (East pays 4,000 each).',
    penalty: CHOMBO,
    detect: ['declaration', 'win', 'anyDraw', 'referee'],
    ...ON,
  },
  'EMA12-CHOMBO-LIST': {
    title: 'Offences punished by chombo',
    reason: 'Offences punished by chombo.',
    penalty: CHOMBO,
    detect: ['declaration', 'win', 'anyDraw', 'referee'],
    cases: ['EMA12-CHOMBO-FALSE-WIN', 'EMA12-CHOMBO-NOTEN-RIICHI', 'EMA12-CHOMBO-BAD-ANKAN', 'EMA12-CHOMBO-REVEAL-FIVE', 'EMA12-CHOMBO-CLAIM-DEAD'],
    ...ON,
  },
  'EMA12-CHOMBO-FALSE-WIN': {
    title: 'Invalid win declaration',
    reason: 'Invalid win declaration: chombo.',
    penalty: CHOMBO,
    detect: ['declaration'],
    ...ON,
  },
  'EMA12-CHOMBO-NOTEN-RIICHI': {
    title: 'Noten riichi',
    reason: 'Riichi on a hand that was not waiting: chombo.',
    penalty: CHOMBO,
    detect: ['anyDraw'],
    ...ON,
  },
  'EMA12-CHOMBO-BAD-ANKAN': {
    title: 'Invalid concealed kan after riichi',
    reason: 'Concealed kan after riichi that changed the waits: chombo.',
    penalty: CHOMBO,
    detect: ['win', 'anyDraw'],
    ...ON,
  },
  'EMA12-CHOMBO-REVEAL-FIVE': {
    title: 'More than five tiles revealed',
    reason: 'Revealing more than five tiles of the wall or of a hand: chombo.',
    penalty: CHOMBO,
    detect: ['referee'],
    ...off('the server reveals no tile by mistake; only a person showing tiles outside the game can, and only a person sees that'),
  },
  'EMA12-CHOMBO-CLAIM-DEAD': {
    title: 'Claim with a dead hand',
    reason: 'Claiming a tile with a hand declared dead: chombo.',
    penalty: CHOMBO,
    detect: ['declaration'],
    ...ON,
  },
  'EMA12-CHOMBO-AFTER': {
    title: 'After a chombo',
    reason: 'After a chombo: riichi sticks returned, redeal, no counter, same dealer.',
    penalty: null,
    detect: ['declaration', 'win', 'anyDraw', 'referee'],
    ...ON,
  },
  'EMA12-DEAD': {
    title: 'Dead hand',
    reason: 'Your hand is dead: no win, kan, pon or chii, and never tenpai.',
    penalty: DEAD,
    detect: ['declaration', 'discard', 'referee'],
    ...ON,
  },
  'EMA12-DEAD-LIST': {
    title: 'Irregularities punished by a dead hand',
    reason: 'Irregularities punished by a dead hand.',
    penalty: DEAD,
    detect: ['declaration', 'discard', 'referee'],
    cases: ['EMA12-DEAD-TILE-COUNT', 'EMA12-DEAD-REVEAL', 'EMA12-DEAD-INVALID-MELD'],
    ...ON,
  },
  'EMA12-DEAD-TILE-COUNT': {
    title: 'Wrong number of tiles',
    reason: 'Too many or too few tiles: dead hand.',
    penalty: DEAD,
    detect: ['declaration', 'discard'],
    clientDraws: true,
    ...ON,
  },
  'EMA12-DEAD-REVEAL': {
    title: "Revealing an opponent's or dead-wall tiles",
    reason: "Revealing tiles of an opponent's hand or the dead wall: dead hand.",
    penalty: DEAD,
    detect: ['referee'],
    ...off("the server never shows an opponent's concealed tiles or the dead wall; only a person can reveal them outside the game"),
  },
  'EMA12-DEAD-INVALID-MELD': {
    title: 'Invalid meld',
    reason: 'Invalid chii, pon or kan: dead hand.',
    penalty: DEAD,
    detect: ['declaration'],
    ...ON,
  },
  'EMA12-MINOR': {
    title: 'Minor irregularity',
    reason: 'Minor irregularity: no penalty.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// §2.3 Russian rules (2015) — ruleset russian
// ─────────────────────────────────────────────────────────────────────────────────────────────
const RUS: Record<Of<'RUS'>, Body> = {
  'RUS-WARN': {
    title: 'Warning',
    reason: 'Warning for an unintentional breach.',
    penalty: WARN,
    detect: ['declaration', 'discard'],
    ...ON,
  },
  'RUS-WARN-SECOND-IS-DEAD': {
    title: 'Second warning',
    reason: 'A repeated warning: dead hand instead.',
    penalty: DEAD,
    detect: ['declaration', 'discard'],
    ...ON,
  },
  'RUS-DEAD': {
    title: 'Dead hand',
    reason: 'Your hand is dead: no win, no sets, noten at the end.',
    penalty: DEAD,
    detect: ['declaration', 'discard', 'clock', 'referee'],
    cases: ['RUS-DEAD-A', 'RUS-DEAD-B', 'RUS-DEAD-C', 'RUS-DEAD-D', 'RUS-DEAD-E', 'RUS-DEAD-F', 'RUS-DEAD-G', 'RUS-DEAD-H', 'RUS-DEAD-I'],
    ...ON,
  },
  'RUS-DEAD-A': {
    title: 'Dead-wall tile knocked over',
    reason: 'Knocking over a tile of the dead wall: dead hand.',
    penalty: DEAD,
    detect: ['referee'],
    ...off('physical: there are no tiles to knock over online'),
  },
  'RUS-DEAD-B': {
    title: 'Wrong number of tiles',
    reason: 'Wrong number of tiles: dead hand.',
    penalty: DEAD,
    detect: ['declaration', 'discard'],
    clientDraws: true,
    ...ON,
  },
  'RUS-DEAD-C': {
    title: 'Drawing out of turn',
    reason: 'Drawing from the wall out of turn: dead hand.',
    penalty: DEAD,
    detect: ['declaration'],
    clientDraws: true,
    ...ON,
  },
  'RUS-DEAD-D': {
    title: 'Drawing the wrong tile',
    reason: 'Drawing the wrong tile: dead hand.',
    penalty: DEAD,
    detect: ['never'],
    ...off('a draw names no tile: the server always deals the next one'),
  },
  'RUS-DEAD-E': {
    title: 'Skipping a turn',
    reason: 'Skipping a turn: dead hand.',
    penalty: DEAD,
    detect: ['discard'],
    clientDraws: true,
    ...ON,
  },
  'RUS-DEAD-F': {
    title: 'Deliberate repeated breaches',
    reason: 'Deliberate repeated breaches: dead hand.',
    penalty: DEAD,
    detect: ['referee'],
    ...off('intent: the server raises attention after repeated faults or warnings (D33); a referee decides'),
  },
  'RUS-DEAD-G': {
    title: 'Riichi withdrawn within 3 seconds',
    reason: 'Wrong riichi withdrawn within 3 seconds: dead hand; the stick goes to the winner.',
    penalty: DEAD,
    detect: ['declaration', 'clock'],
    ...ON,
  },
  'RUS-DEAD-H': {
    title: 'False win, hand not shown',
    reason: 'Win declared while not tenpai, hand not shown: dead hand.',
    penalty: DEAD,
    detect: ['declaration'],
    ...ON,
  },
  'RUS-DEAD-I': {
    title: "Opponent's tiles knocked over",
    reason: "Knocking over tiles of an opponent's hand: dead hand.",
    penalty: DEAD,
    detect: ['referee'],
    ...off('physical: there are no tiles to knock over online'),
  },
  'RUS-CHOMBO': {
    title: 'Chombo',
    reason: 'Chombo: a mangan-sized penalty, the hand is redealt.',
    penalty: CHOMBO,
    detect: ['declaration', 'discard', 'anyDraw', 'referee'],
    cases: [
      'RUS-CHOMBO-A',
      'RUS-CHOMBO-B',
      'RUS-CHOMBO-C',
      'RUS-CHOMBO-D',
      'RUS-CHOMBO-E',
      'RUS-CHOMBO-F',
      'RUS-CHOMBO-G',
      'RUS-CHOMBO-H',
      'RUS-CHOMBO-I',
      'RUS-CHOMBO-J',
      'RUS-CHOMBO-J-REPEAT',
      'RUS-CHOMBO-K',
    ],
    ...ON,
  },
  'RUS-CHOMBO-A': {
    title: 'Dead wall destroyed',
    reason: 'Destroying the dead wall: chombo.',
    penalty: CHOMBO,
    detect: ['referee'],
    ...off('physical: there is no wall to knock over online'),
  },
  'RUS-CHOMBO-B': {
    title: 'Live wall destroyed',
    reason: 'Destroying the live wall with 5 or more tiles shown: chombo.',
    penalty: CHOMBO,
    detect: ['referee'],
    ...off('physical: there is no wall to knock over online'),
  },
  'RUS-CHOMBO-C': {
    title: 'Noten riichi at a draw',
    reason: 'Noten in riichi when the hand is drawn: chombo.',
    penalty: CHOMBO,
    detect: ['anyDraw'],
    ...ON,
  },
  'RUS-CHOMBO-D': {
    title: 'Incorrect kan in riichi',
    reason: 'Incorrect kan declaration in riichi: chombo.',
    penalty: CHOMBO,
    detect: ['declaration'],
    ...ON,
  },
  'RUS-CHOMBO-E': {
    title: 'Changing the hand in riichi',
    reason: 'Changing your hand in riichi: chombo.',
    penalty: CHOMBO,
    detect: ['discard'],
    ...ON,
  },
  'RUS-CHOMBO-F': {
    title: 'False win, hand shown',
    reason: 'Win declared while not tenpai, hand shown: chombo.',
    penalty: CHOMBO,
    detect: ['declaration'],
    ...ON,
  },
  'RUS-CHOMBO-G': {
    title: 'Furiten ron',
    reason: 'Ron while furiten or temporarily furiten: chombo.',
    penalty: CHOMBO,
    detect: ['declaration'],
    ...ON,
  },
  'RUS-CHOMBO-H': {
    title: 'Incorrect kyuushu kyuuhai',
    reason: 'Incorrect kyuushu kyuuhai: chombo.',
    penalty: CHOMBO,
    detect: ['declaration'],
    ...ON,
  },
  'RUS-CHOMBO-I': {
    title: "Opponent's hand destroyed",
    reason: "Destroying an opponent's hand so the hand cannot go on: chombo.",
    penalty: { kind: 'discretion', range: ['chombo'] },
    detect: ['referee'],
    ...off("physical: there is no opponent's hand to knock over online"),
  },
  'RUS-CHOMBO-J': {
    title: 'Cheating',
    reason: 'Cheating: chombo.',
    penalty: CHOMBO,
    detect: ['referee'],
    ...off('cheating (collusion, second accounts, outside help) is not visible in the commands'),
  },
  'RUS-CHOMBO-J-REPEAT': {
    title: 'Second attempt at cheating',
    reason: 'Second attempt at cheating: disqualification and a ban for the year.',
    penalty: { kind: 'disqualification', ban: 'currentYear' },
    detect: ['referee'],
    ...off('cheating is recorded only by a referee (RUS-CHOMBO-J); the ledger escalates the second one for the same player by itself'),
  },
  'RUS-CHOMBO-K': {
    title: 'Other breach that stops the hand',
    reason: 'Another breach that makes the hand impossible to continue: chombo.',
    penalty: { kind: 'discretion', range: ['chombo'] },
    detect: ['referee'],
    ...off("the referee's discretion: only a person can judge that a breach makes the hand impossible to continue"),
  },
  'RUS-SPECIAL-TSUMO-MIXED': {
    title: 'Drawn tile mixed into the hand at tsumo',
    reason: 'The drawn tile was mixed into the hand at tsumo: an ambiguous hand is scored at the lower value.',
    penalty: null,
    detect: ['never'],
    ...off('the server knows the drawn tile, so the scoring is never ambiguous'),
  },
  'RUS-SPECIAL-BAD-CALL': {
    title: 'Breach while calling a set',
    reason: 'Breach while calling a set: you lose that call and must let the discard go.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'RUS-SPECIAL-NO-OTHER': {
    title: 'No other penalty in special cases',
    reason: 'In these special cases no other penalty applies.',
    penalty: null,
    detect: ['declaration'],
    ...ON,
  },
  'RUS-SPECIAL-ABANDON': {
    title: 'Abandoned hanchan',
    reason: 'A player who refuses to go on is replaced or played out by tsumogiri; the results count.',
    penalty: null,
    detect: ['room', 'referee'],
    ...ON,
  },
};

// ─────────────────────────────────────────────────────────────────────────────────────────────
// §2.4 WSOM — overlay on any ruleset (wsom.count, wsom.claims, timeControl.kind 'wsom')
// ─────────────────────────────────────────────────────────────────────────────────────────────
const WSOM_TIME_RATE = { unitMs: 15_000, of: 'overrun' } as const;

const WSOM: Record<Of<'WSOM'>, Body> = {
  'WSOM-COUNT-NO-WIN': {
    title: 'Wrong tile count: no win',
    reason: 'Wrong number of tiles found: you may not win this hand.',
    penalty: DEAD,
    detect: ['declaration', 'discard'],
    clientDraws: true,
    ...ON,
  },
  'WSOM-COUNT-RULE': {
    title: 'The tile count',
    reason: '14 tiles in your turn to discard, 13 otherwise; a kan counts as 3.',
    penalty: null,
    detect: ['declaration', 'discard'],
    clientDraws: true,
    ...ON,
  },
  'WSOM-SHORT': {
    title: 'Short hand',
    reason: 'Short hand: dead, may not win.',
    penalty: DEAD,
    detect: ['discard'],
    clientDraws: true,
    ...ON,
  },
  'WSOM-LONG': {
    title: 'Long hand',
    reason: 'Long hand: dead, and no claims or kans.',
    penalty: DEAD,
    detect: ['declaration'],
    clientDraws: true,
    ...ON,
  },
  'WSOM-COUNT-STAYS-DEAD': {
    title: 'A dead hand stays dead',
    reason: 'Once dead, the hand stays dead for this hand.',
    penalty: null,
    detect: ['engine'],
    ...ON,
  },
  'WSOM-COUNT-DELIBERATE': {
    title: 'Deliberate count errors',
    reason: 'Deliberate count errors: extra penalty from the judge.',
    penalty: ANY,
    detect: ['referee'],
    ...off('intent: only a judge can tell a deliberate count error from an inadvertent one'),
  },
  'WSOM-CLAIM-DELIBERATE': {
    title: 'Deliberate wrong claims',
    reason: 'Deliberate wrong claims: extra penalty from the judge.',
    penalty: ANY,
    detect: ['referee'],
    ...off('intent: only a judge can tell a deliberate wrong claim from an inadvertent one'),
  },
  'WSOM-CLAIM-FIXED-AT-ONCE': {
    title: 'Wrong claim fixed at once',
    reason: 'Wrong set exposed: fix it now; wrongly exposed tiles become penalty tiles.',
    penalty: tiles('wronglyExposed'),
    detect: ['declaration'],
    ...ON,
  },
  'WSOM-CLAIM-CHANGE': {
    title: 'Claim changed',
    reason: 'Claim changed before exposure: no penalty.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WSOM-CLAIM-CANCEL': {
    title: 'Claim cancelled',
    reason: 'Claim cancelled or impossible: two of your tiles become penalty tiles.',
    penalty: tiles(2),
    detect: ['declaration'],
    ...ON,
  },
  'WSOM-KAN-CANCEL': {
    title: 'Kan cancelled in turn',
    reason: 'Kan cancelled in your turn: no penalty.',
    penalty: NONE,
    detect: ['declaration'],
    ...ON,
  },
  'WSOM-SET-WRONG-LATE': {
    title: 'Wrong set found late',
    reason: 'A set found wrong after play went on cannot be corrected: dead hand.',
    penalty: DEAD,
    detect: ['never'],
    ...off('the server checks every set before it is made, so no wrong set can stand'),
  },
  'WSOM-DISCARD-BEFORE-EXPOSE': {
    title: 'Discard before exposing',
    reason: 'You discarded before exposing your set: you must expose a set and cannot cancel the claim.',
    penalty: null,
    detect: ['never'],
    ...off('the server exposes the set when the claim window resolves, before any discard'),
  },
  'WSOM-FALSE-WIN-REVEALED': {
    title: 'False win, hand shown',
    reason: 'False win with the hand shown: play goes on; your shown tiles are penalty tiles.',
    penalty: tiles('allConcealed'),
    detect: ['declaration'],
    ...ON,
  },
  'WSOM-WIN-CANCEL': {
    title: 'Win cancelled before showing',
    reason: 'Win cancelled before showing: three of your tiles become penalty tiles.',
    penalty: tiles(3),
    detect: ['declaration'],
    ...ON,
  },
  'WSOM-CHECK-WIN': {
    title: 'Checking the winning hand',
    reason: "The opponents check the winner's hand before showing their own tiles.",
    penalty: null,
    detect: ['never'],
    ...off('the server checks every win, and no one can move tiles on the table'),
  },
  'WSOM-TIME-HAND': {
    title: 'Time per hand',
    reason: 'Over 3 minutes in this hand: 5 points per 15 seconds or part.',
    penalty: { kind: 'points', points: 5, per: WSOM_TIME_RATE },
    detect: ['clock'],
    ...ON,
  },
  'WSOM-TIME-TURN': {
    title: 'Time per turn',
    reason: 'Over 15 seconds this turn: 5 points per 15 seconds or part.',
    penalty: { kind: 'points', points: 5, per: WSOM_TIME_RATE },
    detect: ['clock'],
    ...ON,
  },
  'WSOM-TIME-TURN-SPAN': {
    title: 'When a turn is timed',
    reason: "When your turn's clock starts and stops.",
    penalty: null,
    detect: ['clock'],
    ...ON,
  },
  'WSOM-TIME-GRACE': {
    title: 'Grace after the deal',
    reason: 'The first 15 seconds of a hand are free.',
    penalty: null,
    detect: ['clock'],
    ...ON,
  },
  'WSOM-TIME-CUMULATIVE': {
    title: 'Turn and hand penalties add up',
    reason: 'Turn and hand penalties add up.',
    penalty: null,
    detect: ['clock'],
    ...ON,
  },
  'WSOM-TIME-WHO': {
    title: 'Who is timed',
    reason: 'Who is timed.',
    penalty: null,
    detect: ['clock'],
    ...ON,
  },
  'WSOM-TIME-RESIGN': {
    title: 'Resignation for time',
    reason: 'Over 80 time-penalty points in one hand: you are deemed to have resigned.',
    penalty: { kind: 'resign' },
    detect: ['clock'],
    ...ON,
  },
  'WSOM-TIME-SESSION': {
    title: 'Session time limits',
    reason: 'Session time limits are set by the tournament format.',
    penalty: null,
    detect: ['never'],
    ...off("session limits are in WSOM's tournament-format section, not in the source; a room-level session limit is out of the referee's scope"),
  },
};

const SECTIONS: readonly [Rulebook, Record<string, Body>][] = [
  ['wrc', WRC],
  ['ema12', EMA12],
  ['russian', RUS],
  ['wsom', WSOM],
];

function build(): Record<RuleId, CatalogueEntry> {
  const out: Partial<Record<RuleId, CatalogueEntry>> = {};
  for (const [rulebook, section] of SECTIONS)
    for (const [id, body] of Object.entries(section)) out[id as RuleId] = Object.freeze({ rulebook, ...body });
  // In RULE_IDS order, so iteration follows docs/REFEREE.md §2.
  const ordered = {} as Record<RuleId, CatalogueEntry>;
  for (const id of RULE_IDS) ordered[id] = out[id]!;
  return Object.freeze(ordered);
}

/** Every rule ID with its catalogue entry, in the order of docs/REFEREE.md §2. */
export const CATALOGUE: Readonly<Record<RuleId, CatalogueEntry>> = build();

/** The catalogue entry of an ID; throws on a string that is not a rule ID. */
export function entryOf(id: RuleId): CatalogueEntry {
  if (!isRuleId(id)) throw new Error(`unknown rule ID: ${String(id)}`);
  return CATALOGUE[id];
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * The one-line message of a fault: "WRC-F-KUIKAE: Swap-call (kuikae): dead hand; the discard
 * stands." or, with the concrete detail first, "WRC-F-KUIKAE: you discarded 5m right after pon
 * on 5m. Swap-call (kuikae): dead hand; the discard stands." Always one line, no trailing space.
 */
export function faultReason(id: RuleId, detail?: string): string {
  const { reason } = entryOf(id);
  const d = detail === undefined ? '' : oneLine(detail).replace(/[\s.;:,]+$/, '');
  return d === '' ? `${id}: ${reason}` : `${id}: ${d}. ${reason}`;
}

/** The rules the server cannot apply by itself, each with the reason (docs/REFEREE.md §2: manual and n/a). */
export function offlineRules(): { id: RuleId; whyNotOnline: string }[] {
  const out: { id: RuleId; whyNotOnline: string }[] = [];
  for (const id of RULE_IDS) {
    const e = CATALOGUE[id];
    if (!e.online) out.push({ id, whyNotOnline: e.whyNotOnline });
  }
  return out;
}
