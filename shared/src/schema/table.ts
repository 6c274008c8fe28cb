import { schema, t, type SchemaType } from '@colyseus/schema';
import type { DiscardRecord } from '../game/seat';

/**
 * The wire shape of a table (issue 4): `@colyseus/schema` 5 classes the server fills from
 * `viewFor` projections only, and clients decode. Public fields reach every client; a seat's
 * `own` part is marked `.view()` and reaches only the client whose StateView added that seat.
 * The wall, the dead wall and unrevealed ura dora have no field here: counts only.
 * Arrays are per hand (discards, melds) and reset when a hand starts. The lists a table seldom
 * holds (melds, penalty tiles, ura indicators) are absent while empty: each list the server keeps
 * is a tracked object of its own in every table (issue 18); read them with the `…Of` helpers.
 */

/**
 * A discard on the wire: its tile in the low byte and its flags above it, one uint16 (issue 18
 * item 3: a discard as a schema object took 9 bytes of every seat's patch and an object with its
 * change tracker on the server, for a tile and three flags).
 */
export const TSUMOGIRI = 256;
export const RIICHI = 512;
export const CALLED = 1024;
export const packDiscard = (d: DiscardRecord): number => d.tile | (d.tsumogiri ? TSUMOGIRI : 0) | (d.riichi ? RIICHI : 0) | (d.called ? CALLED : 0);
export const unpackDiscard = (n: number): DiscardRecord => ({ tile: n & 255, tsumogiri: (n & TSUMOGIRI) !== 0, riichi: (n & RIICHI) !== 0, called: (n & CALLED) !== 0 });
/** A discard as an object with a flag left out read as false. */
export type DiscardLike = Pick<DiscardRecord, 'tile'> & Partial<DiscardRecord>;
/** A discard from the state (a packed number) or from a view (its object) as its object. */
export const discardOf = (d: number | DiscardLike): DiscardRecord =>
  typeof d === 'number' ? unpackDiscard(d) : { tile: d.tile, tsumogiri: d.tsumogiri === true, riichi: d.riichi === true, called: d.called === true };

export const MeldState = schema(
  {
    type: t.string().default(''),
    tiles: t.array('uint8'),
    /** -1: none (ankan). */
    calledTile: t.int16().default(-1),
    /** Absolute seat the called tile came from; -1 for ankan. */
    from: t.int8().default(-1),
    /** For shouminkan: the added tile; -1 otherwise. */
    addedTile: t.int16().default(-1),
  },
  'Meld',
);
export type MeldState = SchemaType<typeof MeldState>;

export const PenaltyTileState = schema({ tile: t.uint8().default(0), live: t.boolean().default(false) }, 'PenaltyTile');
export type PenaltyTileState = SchemaType<typeof PenaltyTileState>;

/** What only the seat's own client may see. */
export const PrivateSeatState = schema(
  {
    /** Concealed tiles, the drawn tile included, in no order (projection.ts keeps each tile in its place: sort to show). */
    hand: t.array('uint8'),
    /** The tile drawn this turn; -1 for none. */
    drawn: t.int16().default(-1),
    /** The seat's legal actions right now, as the short text of `protocol/legal.ts` ('' for none). */
    legal: t.string().default(''),
    /** The open claim window is offered to this seat and it has not answered yet (private: under `prevent` it tells the hand). */
    claimOffered: t.boolean().default(false),
    /** The seat token: rejoin with `{ seat, token }` after a drop or a server restart. */
    token: t.string().default(''),
  },
  'PrivateSeat',
);
export type PrivateSeatState = SchemaType<typeof PrivateSeatState>;

export const SeatState = schema(
  {
    seat: t.uint8().default(0),
    score: t.int32().default(0),
    /** Seat wind kind (27..30). */
    wind: t.uint8().default(0),
    /** This hand's discards in order, each packed (`packDiscard`; read with `unpackDiscard`). */
    discards: t.array('uint16'),
    /** This hand's melds; absent (undefined) while the seat has none (read with `meldsOf`). */
    melds: t.array(MeldState).optional(),
    /**
     * Concealed tiles beyond what the seat holds in play (`expectedHandCount`, schema/view.ts):
     * 0 but for a wrong tile count or a hand shown at the end. Read the count with `handCountOf`.
     * The count itself changed twice with every discard; this changes only when something is wrong.
     */
    handExtra: t.int8().default(0),
    riichi: t.boolean().default(false),
    deadHand: t.boolean().default(false),
    /** Absent (undefined) while the seat has none (read with `penaltyTilesOf`). */
    penaltyTiles: t.array(PenaltyTileState).optional(),
    /** A human client is connected to this seat. */
    connected: t.boolean().default(false),
    /** The seat is played by a built-in bot. */
    bot: t.boolean().default(false),
    /** The player's name ('' for none). */
    name: t.string().default(''),
    /** 'empty' | 'player' (connected) | 'away' (dropped: the seat waits for them) | 'absent' (played out) | 'bot'. */
    presence: t.string().default('empty'),
    /** Filtered: only in the owner's StateView. */
    own: t.ref(PrivateSeatState).view(),
    /** Bank style: ms left in the seat's bank, live while its turn runs (0 for other time controls). */
    bankMs: t.int32().default(0),
    /** Epoch ms when the seat's running turn decision's time runs out (bank) or its WSOM turn penalty starts; 0: none (claim windows: the table's `claimDeadline`). */
    deadline: t.float64().default(0),
    /** WSOM time penalty points charged to the seat in this hand (WSOM-TIME-TURN + -HAND). */
    timePoints: t.uint16().default(0),
    /** WSOM-TIME-RESIGN: the seat is auto-played by the clock for the rest of the game. */
    resigned: t.boolean().default(false),
  },
  'Seat',
);
export type SeatState = SchemaType<typeof SeatState>;

export const TableState = schema(
  {
    /** 'draw' | 'turn' | 'claims' | 'handEnded' | 'gameOver'. */
    phase: t.string().default(''),
    round: t.uint8().default(0),
    honba: t.uint8().default(0),
    riichiSticks: t.uint8().default(0),
    dealer: t.uint8().default(0),
    turn: t.uint8().default(0),
    /** Live-wall tiles left (a count, never the tiles). */
    remaining: t.uint8().default(0),
    doraIndicators: t.array('uint8'),
    /** Revealed only once a hand has ended: absent (undefined) before (read with `uraIndicatorsOf`). */
    uraIndicators: t.array('uint8').optional(),
    /** The open claim's tile and owner; -1 when no claim is open. */
    claimTile: t.int16().default(-1),
    claimFrom: t.int8().default(-1),
    /** Epoch ms when the open claim window's time runs out (timed tables); 0: none. Seats' own `deadline` stays 0 for claims. */
    claimDeadline: t.float64().default(0),
    seats: t.array(SeatState),
    /** The last hand's result as JSON of `HandResult` (only between hands); '' otherwise. */
    lastResult: t.string().default(''),
    /** Final standings as JSON of `Standing[]` once the game is over; '' before. */
    standings: t.string().default(''),
    ruleset: t.string().default(''),
    /** JSON of the table's whole ruleset as it was resolved at creation (overrides, time control and foul policy included): what clients rebuild its rules from. */
    rules: t.string().default(''),
    /** The name the table's creator gave it; '' when none (clients name it from its ruleset and settings). Set once. */
    name: t.string().default(''),
    /** Hands dealt so far (1 for the first hand). */
    hands: t.uint16().default(0),
    /** Commands applied so far (players, bots and the clock). A varying-length number: 1 to 3 bytes in a game's range, where a uint32 always takes 4 (it changes with every command). */
    actions: t.number().default(0),
    /** Every non-bot seat has a player: bots start playing. */
    started: t.boolean().default(false),
    /**
     * Lowercase hex SHA-256 of `salt:wall` for the hand in play, or between hands for the next one
     * (docs/FAIRNESS.md): fixed before the hand is dealt; salt and wall are published after it.
     */
    wallCommitment: t.string().default(''),
  },
  'Table',
);
export type TableState = SchemaType<typeof TableState>;

const NONE: readonly never[] = [];
/** A seat's melds from a decoded (or server) state: none while the list is absent. */
export const meldsOf = (s: Pick<SeatState, 'melds'>): ArrayLike<MeldState> & Iterable<MeldState> => s.melds ?? NONE;
/** A seat's penalty tiles from a state: none while the list is absent. */
export const penaltyTilesOf = (s: Pick<SeatState, 'penaltyTiles'>): ArrayLike<PenaltyTileState> & Iterable<PenaltyTileState> => s.penaltyTiles ?? NONE;
/** The ura indicators from a state: none while the list is absent (before a hand ends). */
export const uraIndicatorsOf = (s: Pick<TableState, 'uraIndicators'>): ArrayLike<number> & Iterable<number> => s.uraIndicators ?? NONE;
