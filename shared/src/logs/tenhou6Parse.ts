import { z } from 'zod';
import { kindToString } from '../tiles';
import { decodeCall, decodeKan } from './tenhou6Calls';
import { kyokuLabel, Tenhou6Error, type Tenhou6HandRef } from './tenhou6Error';
import { parseYakuText } from './tenhou6Yaku';
import { TENHOU6_TSUMOGIRI, tileFromCode } from './tenhou6Tiles';
import {
  TENHOU6_DRAW_NAMES,
  type DiscardItem, type DrawItem, type Four, type Seat, type Tenhou6DrawName, type Tenhou6Game,
  type Tenhou6Hand, type Tenhou6Result, type Tenhou6Rule, type Tenhou6Win, type Tile,
} from './tenhou6Types';

/**
 * tenhou.net/6 JSON -> Tenhou6Game. zod checks the shapes (types, lengths, ranges); the
 * decoding below reads tiles and call strings and checks what ties entries together
 * (tsumogiri after a draw, 0 after a daiminkan, at most four of a tile in the wall).
 * Anything malformed is refused with a Tenhou6Error naming the file, hand and field.
 */

const int = z.int();
const four = z.tuple([int, int, int, int]);
const seat = int.min(0).max(3);
const entries = z.array(z.union([int, z.string()], { error: 'expected a tile code (number) or a call string' }));

const ENVELOPE = z.looseObject({
  title: z.array(z.string()).optional(),
  name: z.tuple([z.string(), z.string(), z.string(), z.string()], { error: 'expected the four player names' }),
  rule: z.looseObject({
    disp: z.string().optional(),
    aka: int.min(0).optional(),
    aka51: int.min(0).optional(),
    aka52: int.min(0).optional(),
    aka53: int.min(0).optional(),
  }),
  log: z.array(z.unknown()),
});

const SEAT_ENTRIES = [z.array(int).length(13), entries, entries] as const;
const HAND = z.tuple(
  [
    z.tuple([int.min(0).max(15), int.min(0), int.min(0)], { error: 'expected [kyoku 0..15, honba, riichi sticks]' }),
    four,
    z.array(int).min(1).max(5),
    z.array(int).max(5),
    ...SEAT_ENTRIES, ...SEAT_ENTRIES, ...SEAT_ENTRIES, ...SEAT_ENTRIES,
    z.array(z.unknown()).min(1),
  ],
  {
    error: (issue) =>
      issue.code === 'too_big' || issue.code === 'too_small'
        ? 'a hand holds 17 entries: [kyoku, honba, sticks], scores, dora, ura, 4 x (haipai, draws, discards), result'
        : undefined,
  },
);
const RESULT_HEAD = z.tuple([z.string()], z.unknown());
const WIN_DETAIL = z.tuple([seat, seat, seat], z.string());

type Fail = (field: string, reason: string) => Tenhou6Error;

function pathOf(base: string, path: readonly PropertyKey[]): string {
  let out = base;
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/** Runs a zod schema, turning its first issue into a Tenhou6Error at that path. */
function check<T>(schema: z.ZodType<T>, value: unknown, field: string, fail: Fail): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw fail(pathOf(field, issue.path), issue.message);
}

function tile(code: number, field: string, fail: Fail): Tile {
  const t = tileFromCode(code);
  if (!t) throw fail(field, `${code} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)`);
  return t;
}

function drawItem(entry: number | string, field: string, fail: Fail): DrawItem {
  if (typeof entry === 'number') return { type: 'draw', tile: tile(entry, field, fail) };
  const call = decodeCall(entry);
  if (!call.ok) throw fail(field, call.reason);
  return call.value;
}

/** A discard-list entry; `drawn` is the draw-list entry at the same index. */
function discardItem(entry: number | string, drawn: DrawItem, field: string, fail: Fail): DiscardItem {
  if (drawn.type === 'daiminkan') {
    if (entry !== 0) throw fail(field, `a daiminkan's slot holds 0, not ${JSON.stringify(entry)}`);
    return { type: 'daiminkanSkip' };
  }
  if (entry === 0) throw fail(field, '0 stands only in the slot of a daiminkan call');
  if (typeof entry === 'number') return discard(entry, false, drawn, field, fail);
  if (entry.startsWith('r')) {
    const code = /^r(\d\d)$/.exec(entry)?.[1];
    if (code === undefined) throw fail(field, `"${entry}" is not a riichi discard (r and a tile code or 60)`);
    return discard(Number(code), true, drawn, field, fail);
  }
  if (drawn.type !== 'draw') throw fail(field, `a kan cannot follow a ${drawn.type} (it needs a drawn tile)`);
  const kan = decodeKan(entry);
  if (!kan.ok) throw fail(field, kan.reason);
  return kan.value;
}

function discard(code: number, riichi: boolean, drawn: DrawItem, field: string, fail: Fail): DiscardItem {
  if (riichi && drawn.type !== 'draw') throw fail(field, `riichi cannot follow a ${drawn.type}`);
  if (code !== TENHOU6_TSUMOGIRI) return { type: 'discard', tile: tile(code, field, fail), tsumogiri: false, riichi };
  if (drawn.type !== 'draw') throw fail(field, `60 (tsumogiri) cannot follow a ${drawn.type}: there is no drawn tile`);
  return { type: 'discard', tile: drawn.tile, tsumogiri: true, riichi };
}

function seatActions(
  rawDraws: (number | string)[], rawDiscards: (number | string)[], drawsField: string, discardsField: string, fail: Fail,
) {
  if (rawDiscards.length > rawDraws.length) {
    throw fail(`${discardsField}[${rawDraws.length}]`, 'a discard with no draw or call before it');
  }
  if (rawDraws.length > rawDiscards.length + 1) {
    throw fail(`${drawsField}[${rawDiscards.length + 1}]`, 'only the last draw (a tsumo or nine terminals) may go without a discard');
  }
  const draws = rawDraws.map((e, i) => drawItem(e, `${drawsField}[${i}]`, fail));
  const discards = rawDiscards.map((e, i) => discardItem(e, draws[i], `${discardsField}[${i}]`, fail));
  return { draws, discards };
}

/** Each physical tile is dealt, drawn or shown as an indicator once: at most four of a kind, one red five per suit. */
function checkWall(tiles: { tile: Tile; field: string }[], fail: Fail): void {
  const kinds = new Array<number>(34).fill(0);
  const reds = new Set<number>();
  for (const { tile, field } of tiles) {
    if (++kinds[tile.kind] > 4) throw fail(field, `a fifth ${kindToString(tile.kind)} in the wall`);
    if (tile.red && reds.has(tile.kind)) throw fail(field, `a second red ${kindToString(tile.kind)} in the wall`);
    if (tile.red) reds.add(tile.kind);
  }
}

function result(raw: unknown[], field: string, fail: Fail): Tenhou6Result {
  const [name, ...rest] = check(RESULT_HEAD, raw, field, fail);
  if (name === '和了') {
    if (rest.length === 0 || rest.length % 2 !== 0) {
      throw fail(field, 'a win is written 和了 then (deltas, detail) for each winner');
    }
    const wins: Tenhou6Win[] = [];
    for (let i = 0; i < rest.length; i += 2) {
      const deltas = check(four, rest[i], `${field}[${i + 1}]`, fail);
      const detailField = `${field}[${i + 2}]`;
      const [winner, from, pao, pointsText, ...yakuTexts] = check(WIN_DETAIL, rest[i + 1], detailField, fail);
      const yaku = yakuTexts.map((text, j) => {
        const y = parseYakuText(text);
        if (!y) throw fail(`${detailField}[${j + 4}]`, `"${text}" is not a yaku as name(n飜) or name(役満)`);
        return y;
      });
      wins.push({ deltas, winner: winner as Seat, from: from as Seat, pao: pao as Seat, pointsText: pointsText ?? null, yaku });
    }
    return { type: 'win', wins };
  }
  if (!(TENHOU6_DRAW_NAMES as readonly string[]).includes(name)) {
    throw fail(`${field}[0]`, `"${name}" is neither 和了 nor a draw name (${TENHOU6_DRAW_NAMES.join(' ')})`);
  }
  if (rest.length > 1) throw fail(`${field}[2]`, 'a draw holds at most its name and one deltas array');
  const deltas = rest.length ? check(four, rest[0], `${field}[1]`, fail) : null;
  return { type: 'draw', name: name as Tenhou6DrawName, deltas };
}

interface Source {
  file: string;
  line: number | null;
}

function parseHand(raw: unknown, src: Source, index: number, field: string): Tenhou6Hand {
  const ref: Tenhou6HandRef = { index };
  const header = Array.isArray(raw) ? raw[0] : undefined;
  if (Array.isArray(header) && [0, 1].every((i) => Number.isInteger(header[i])) && header[0] >= 0 && header[0] <= 15) {
    ref.label = kyokuLabel(header[0], header[1]);
  }
  const fail: Fail = (f, reason) => new Tenhou6Error(src.file, src.line, ref, f, reason);
  const h = check(HAND, raw, field, fail);
  const wall: { tile: Tile; field: string }[] = [];
  const tiles = (codes: number[], f: string): Tile[] =>
    codes.map((c, i) => {
      const t = tile(c, `${f}[${i}]`, fail);
      wall.push({ tile: t, field: `${f}[${i}]` });
      return t;
    });
  const doraIndicators = tiles(h[2], `${field}[2]`);
  const uraIndicators = tiles(h[3], `${field}[3]`);
  const seatsRaw = [[h[4], h[5], h[6]], [h[7], h[8], h[9]], [h[10], h[11], h[12]], [h[13], h[14], h[15]]] as const;
  const seats = seatsRaw.map(([rawHaipai, rawDraws, rawDiscards], s) => {
    const base = 4 + 3 * s;
    const haipai = tiles(rawHaipai, `${field}[${base}]`);
    const drawsField = `${field}[${base + 1}]`;
    const { draws, discards } = seatActions(rawDraws, rawDiscards, drawsField, `${field}[${base + 2}]`, fail);
    draws.forEach((d, i) => d.type === 'draw' && wall.push({ tile: d.tile, field: `${drawsField}[${i}]` }));
    return { haipai, draws, discards };
  });
  checkWall(wall, fail);
  const [round, honba, riichiSticks] = h[0];
  return {
    round, honba, riichiSticks,
    startScores: h[1],
    doraIndicators, uraIndicators,
    haipai: seats.map((s) => s.haipai) as Four<Tile[]>,
    draws: seats.map((s) => s.draws) as Four<DrawItem[]>,
    discards: seats.map((s) => s.discards) as Four<DiscardItem[]>,
    result: result(h[16], `${field}[16]`, fail),
  };
}

function parseGame(raw: unknown, src: Source, firstHand: number): Tenhou6Game {
  const fail: Fail = (f, reason) => new Tenhou6Error(src.file, src.line, null, f, reason);
  check(ENVELOPE, raw, '', fail);
  // The raw object (already our own copy) keeps the rule's and extra fields' key order, which zod's output does not.
  const { title, name, rule, log, ...extra } = raw as z.infer<typeof ENVELOPE>;
  return {
    ...(title && { title }),
    names: name,
    rule: rule as Tenhou6Rule,
    hands: log.map((h, i) => parseHand(h, src, firstHand + i, `log[${i}]`)),
    extra,
  };
}

/** Equality of JSON values, key order ignored. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length
    && keys.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The first top-level field (as named in the JSON) where two games' envelopes differ. */
function envelopeDifference(a: Tenhou6Game, b: Tenhou6Game): string | null {
  const fields: [string, unknown, unknown][] = [['title', a.title, b.title], ['name', a.names, b.names], ['rule', a.rule, b.rule]];
  for (const k of new Set([...Object.keys(a.extra), ...Object.keys(b.extra)])) fields.push([k, a.extra[k], b.extra[k]]);
  return fields.find(([, x, y]) => !jsonEqual(x, y))?.[0] ?? null;
}

/** One game from per-hand objects (the corpus's JSON-lines form), which must agree on everything but `log`. */
function mergeLines(lines: { value: unknown; line: number }[], file: string): Tenhou6Game {
  if (lines.length === 0) throw new Tenhou6Error(file, null, null, '', 'no game in the input');
  let game: Tenhou6Game | null = null;
  for (const { value, line } of lines) {
    const next = parseGame(value, { file, line }, game?.hands.length ?? 0);
    if (next.hands.length === 0) throw new Tenhou6Error(file, line, null, 'log', 'a line holds no hand');
    if (!game) {
      game = next;
      continue;
    }
    const field = envelopeDifference(game, next);
    if (field) throw new Tenhou6Error(file, line, null, field, `differs from line ${lines[0].line}`);
    game.hands.push(...next.hands);
  }
  return game!;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function parseJson(text: string, file: string, line: number | null): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Tenhou6Error(file, line, null, '', `not JSON: ${message(e)}`);
  }
}

function parseValue(value: unknown, file: string): Tenhou6Game {
  return Array.isArray(value)
    ? mergeLines(value.map((v, i) => ({ value: v, line: i + 1 })), file)
    : parseGame(value, { file, line: null }, 0);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function parseText(text: string, file: string): Tenhou6Game {
  const lines = text.split('\n').map((s, i) => ({ s, line: i + 1 })).filter(({ s }) => s.trim() !== '');
  // Several lines that are not one JSON value together are JSON lines.
  if (lines.length > 1 && !isJson(text)) {
    return mergeLines(lines.map(({ s, line }) => ({ value: parseJson(s, file, line), line })), file);
  }
  return parseValue(parseJson(text, file, null), file);
}

/**
 * Parses a tenhou.net/6 log: a whole game object, JSON lines of per-hand objects (merged into
 * one game), or the same as already-parsed data (an object, or an array of per-hand objects).
 * Throws Tenhou6Error for anything malformed.
 */
export function parseTenhou6(input: unknown, file = '<input>'): Tenhou6Game {
  try {
    if (typeof input === 'string') return parseText(input, file);
    // A JSON round trip turns foreign values (undefined, functions, cycles) into JSON or a refusal.
    let value: unknown;
    try {
      value = JSON.parse(JSON.stringify(input));
    } catch (e) {
      throw new Tenhou6Error(file, null, null, '', `not JSON data: ${message(e)}`);
    }
    return parseValue(value, file);
  } catch (e) {
    // Deeply nested JSON overflows the stack of any recursive walk.
    if (e instanceof RangeError) throw new Tenhou6Error(file, null, null, '', 'nested too deeply');
    throw e;
  }
}
