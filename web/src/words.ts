import { CATALOGUE } from '@jantaku/shared/referee/catalogue';
import { isRuleId } from '@jantaku/shared/referee/ids';
import type { Penalty } from '@jantaku/shared/referee/penalty';
import type { Ruleset } from '@jantaku/shared/rules/schema';
import { language, t } from './i18n';
import type { Catalog } from './locales/en';
import { whatHappenedJa } from './locales/faultsJa';
import { REFUSALS_JA } from './locales/refusalsJa';

/**
 * Fouls and refusals in plain words (issue 15 item 6): what happened, which rule, the penalty
 * and what it does to every score. Pure: no DOM, so it is tested on its own.
 */

export type ChomboRule = Ruleset['chombo'];

export interface WordsContext {
  /** A seat's name as the page shows it ("East · You"). */
  label: (seat: number) => string;
  /** The seat reading the page (null: a spectator): "you pay" rather than "East pays". */
  viewer: number | null;
  /** The hand's dealer, for a mangan chombo's payments. */
  dealer?: number;
  /** The ruleset's chombo (its size); without it a chombo is described without numbers. */
  chombo?: ChomboRule;
}

export interface FaultLike {
  seat: number;
  rule: string;
  penalty: Penalty;
  reason: string;
}

const thousands = (n: number): string => n.toLocaleString('en-US');

/** The stems of the catalog's sentence pairs: "fault.dead" for 'fault.deadYou' and 'fault.deadOther' (a misspelt stem fails typecheck). */
type Paired = { [K in keyof Catalog]: K extends `${infer B}You` ? (`${B}Other` extends keyof Catalog ? B : never) : never }[keyof Catalog];

/** The catalog's sentence for the viewer ("…You": "you pay") or another seat ("…Other": "East pays"), with the seat's name. */
function said(key: Paired, seat: number, ctx: WordsContext, values: Record<string, string | number> = {}): string {
  const you = seat === ctx.viewer;
  return t(you ? `${key}You` : `${key}Other`, you ? values : { ...values, name: ctx.label(seat) });
}

const PENALTY_KEYS: Record<string, keyof Catalog> = {
  none: 'pen.none',
  warning: 'pen.warning',
  deadHand: 'pen.deadHand',
  chombo: 'pen.chombo',
  points: 'pen.points',
  penaltyTiles: 'pen.penaltyTiles',
  disqualification: 'pen.disqualification',
  substitute: 'pen.substitute',
  resign: 'pen.resign',
  redeal: 'pen.redeal',
};

/** The penalty's name as a heading: "Chombo", "Dead hand", "Warning"… (チョンボ, アガリ放棄, 警告). */
export function penaltyName(p: Penalty): string {
  return t(PENALTY_KEYS[p.kind] ?? 'pen.discretion');
}

/**
 * What a penalty does to every score, in words: "you pay 4,000 to each player", "−20 off East's
 * final score; no points change hands in this hand", "no score changes". Each is one catalog
 * sentence per language, with "you" and another seat as two entries.
 */
export function scoreEffect(p: Penalty, seat: number, ctx: WordsContext): string {
  switch (p.kind) {
    case 'chombo': {
      const c = ctx.chombo;
      if (c?.kind === 'globalPoints') return said('fault.global', seat, ctx, { points: c.points });
      if (c?.kind === 'mangan') {
        if (ctx.dealer === undefined) return said('fault.mangan', seat, ctx);
        if (ctx.dealer === seat) return said('fault.manganDealer', seat, ctx, { each: thousands(4000) });
        return said('fault.manganChild', seat, ctx, { dealerPays: thousands(4000), dealer: ctx.label(ctx.dealer), each: thousands(2000) });
      }
      return t('fault.redealt');
    }
    case 'points': {
      const per = p.per
        ? t(p.per.of === 'lateness' ? 'fault.perLate' : 'fault.perOver', {
            unit: p.per.unitMs >= 60_000 ? t('fault.unitMin', { n: p.per.unitMs / 60_000 }) : t('fault.unitS', { n: p.per.unitMs / 1000 }),
          })
        : '';
      return said('fault.points', seat, ctx, { points: p.points, per });
    }
    case 'deadHand':
      return said('fault.dead', seat, ctx);
    case 'warning':
      return t('fault.warning');
    case 'penaltyTiles': {
      const tiles = p.tiles === 'allConcealed' ? t('fault.tilesAll') : p.tiles === 'wronglyExposed' ? t('fault.tilesExposed') : t(p.tiles === 1 ? 'fault.tilesOne' : 'fault.tilesMany', { n: p.tiles });
      return said('fault.tiles', seat, ctx, { tiles, become: t(p.tiles === 1 ? 'fault.becomeOne' : 'fault.becomeMany') });
    }
    case 'disqualification':
      return said(p.ban === 'currentYear' ? 'fault.dqBan' : 'fault.dq', seat, ctx);
    case 'substitute':
      return said('fault.substitute', seat, ctx);
    case 'resign':
      return said('fault.resign', seat, ctx);
    case 'redeal':
      return t('fault.redeal');
    case 'none':
      return t('fault.none');
    default:
      return t('fault.discretion');
  }
}

/** A rule's short name from the catalogue, or the ID itself for a string that is not a rule ID. */
export function ruleTitle(rule: string): string {
  return isRuleId(rule) ? CATALOGUE[rule].title : rule;
}

/** What happened, from a fault's reason ("ID: detail. Catalogue reason."): the detail, else the rule's title. */
export function whatHappened(f: Pick<FaultLike, 'rule' | 'reason'>): string {
  let s = f.reason.startsWith(`${f.rule}: `) ? f.reason.slice(f.rule.length + 2) : f.reason;
  const own = isRuleId(f.rule) ? CATALOGUE[f.rule].reason : '';
  if (own && s.endsWith(own)) s = s.slice(0, -own.length);
  s = s.replace(/[\s.;:,]+$/, '').trim();
  return s || ruleTitle(f.rule);
}

/**
 * "Chombo: false win with the hand shown — you pay 4,000 to each player", or in Japanese
 * "チョンボ: 誤和了（手牌公開）：不完全な手で和了 — あなたが各家に4,000点払い。配牌からやり直し".
 */
export function faultSentence(f: FaultLike, ctx: WordsContext): string {
  const happened = whatHappened(f);
  const what = language() === 'ja' ? whatHappenedJa(happened, f.rule) : happened.charAt(0).toLowerCase() + happened.slice(1);
  return t('fault.sentence', { penalty: penaltyName(f.penalty), what, effect: scoreEffect(f.penalty, f.seat, ctx) });
}

/** Why the server or the engine refused a command (or a connection), for people; every code has words. */
export const REFUSAL_WORDS: Readonly<Record<string, string>> = {
  // Engine (RefusalCode, shared/src/game/types.ts)
  GAME_OVER: 'The game is over.',
  HAND_OVER: 'The hand is over: wait for the next deal.',
  NOT_YOUR_TURN: 'Not your turn.',
  NOTHING_TO_RESPOND: 'There is no discard to answer now: the claim window has closed.',
  ALREADY_RESPONDED: 'You already answered this discard.',
  TILE_NOT_IN_HAND: 'That tile is not in your hand.',
  BAD_COMMAND: 'That move is not possible now.',
  MUST_DISCARD: 'After a call you must discard.',
  KUIKAE: 'Kuikae: you may not discard the tile you called, or its swap, right after the call.',
  NOT_TENPAI: 'Riichi needs a discard that leaves the hand tenpai.',
  RIICHI_OPEN_HAND: 'Riichi needs a closed hand.',
  RIICHI_ALREADY: 'You are already in riichi.',
  RIICHI_NO_POINTS: 'Too few points for riichi (it costs 1,000).',
  RIICHI_NO_TILES: 'Too few tiles left in the wall for riichi.',
  RIICHI_MUST_TSUMOGIRI: 'In riichi you discard the tile you drew.',
  RIICHI_BAD_KAN: 'That kan is not allowed in riichi: it would change your waits.',
  NOT_COMPLETE: 'Your hand is not complete with that tile.',
  NO_YAKU: 'No yaku: the hand is complete but has no yaku, so it cannot win.',
  FURITEN: 'Furiten: you discarded one of your winning tiles (or passed on one), so you cannot ron; tsumo is still possible.',
  CANNOT_CALL: 'That call is not possible here.',
  INVALID_MELD: 'Those tiles do not make that meld.',
  LAST_TILE: 'The last tile can only be claimed to win.',
  KAN_LIMIT: 'Four kans have already been declared.',
  NOT_KYUUSHU: 'Nine terminals needs nine different terminals and honours on your first turn.',
  DEAD_HAND: 'Your hand is dead: it cannot win, call or declare riichi.',
  MUST_DRAW: 'Draw first.',
  ALREADY_DREW: 'You already drew this turn.',
  // Server (docs/PROTOCOL.md §8)
  RATE_LIMITED: 'Too many messages: slow down a little.',
  SPECTATOR: 'You are watching: spectators cannot play.',
  TOO_LARGE: 'That message is too large.',
  NOT_YOUR_SEAT: 'That is another seat.',
  NOT_STARTED: 'The game has not started: waiting for players.',
  UNAVAILABLE: 'The server cannot record moves right now: nothing changed, try again shortly.',
  UNKNOWN_MESSAGE: 'The server does not know that message.',
  SERVER_FULL: 'The server is full: try again later.',
  TABLE_LIMIT: 'You have too many tables open.',
  CREATE_RATE_LIMITED: 'Too many tables created in the last minute: wait a little.',
  INVITE_REQUIRED: 'This table is private: it needs its invite code.',
  OWN_TABLE: 'A player of this table cannot open its commentator view.',
  COMMENTATING: 'You have the commentator view of this table open: leave it to take a seat.',
  BAD_NAME: 'That name is not allowed.',
  // Accounts (docs/ACCOUNTS.md)
  BAD_LOGIN: 'Wrong name or password.',
  NAME_TAKEN: 'That name is taken: choose another.',
  WEAK_PASSWORD: 'That password is too short: use at least 8 characters.',
  NO_ACCOUNT: 'There is no such account.',
  NOT_GUEST: 'Only a guest can be turned into an account.',
  NO_SESSION: 'You are not logged in.',
  BAD_SESSION: 'Your session has ended: log in again.',
  LOGIN_RATE_LIMITED: 'Too many failed logins: wait a minute.',
  // Bot accounts and API keys (server/src/players/bots.ts)
  BAD_API_KEY: 'That API key is unknown or has been revoked.',
  NO_BOT: 'You own no bot of that name.',
  NO_KEY: 'That bot has no such key.',
  BOTS_NEED_ACCOUNT: 'Only a registered account (not a guest or a bot) can own bots.',
  TOO_MANY_KEYS: 'That bot has as many keys as it may hold: revoke one first.',
  TOO_MANY_BOTS: 'You own as many bots as an account may.',
  BAD_BODY: 'The server could not read that request.',
  // Profiles, ranked queues, service tables, tournaments
  NO_PLAYER: 'There is no player of that name.',
  NO_QUEUE: 'There is no such queue.',
  NO_LEADERBOARD: 'There is no leaderboard for that game kind.',
  QUEUE_LEFT: 'You left the queue.',
  SEAT_RESERVED: 'The seats of this table belong to its players: you can watch it.',
  NOT_ORGANISER: 'Only an organiser of this tournament can do that.',
  NOT_ADMIN: 'Only an admin can give roles.',
  BAD_ROLE: 'That account cannot have that role: organisers and admins are registered people.',
  // Client SDK (client-sdk/src/errors.ts)
  DISCONNECTED: 'Connection lost: reconnecting, try again in a moment.',
  LEFT: 'You left this table.',
  TIMEOUT: 'The server did not answer in time.',
  ABORTED: 'Stopped.',
  MATCHMAKE: 'The server refused to seat you.',
  ERROR: 'Something went wrong.',
};

/** The words of a refusal code in the page's language (English where Japanese has none yet); an unknown one is named as it came. */
export function refusalWords(code: string): string {
  return (language() === 'ja' ? REFUSALS_JA[code] : undefined) ?? REFUSAL_WORDS[code] ?? t('refused', { code });
}
