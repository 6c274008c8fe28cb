import { z } from 'zod';
import { parseMjaiTile } from './mjai';
import type { DiscardItem, DrawItem, Four, PonShape, RelativeSeat, Seat, Tenhou6DrawName, Tenhou6Game, Tenhou6Hand, Tenhou6Result, Tile } from './tenhou6Types';

/**
 * Reads an mjai log (JSON lines, every tile shown: gimite/mjai's, Mortal's and `exportMjai`'s)
 * into the tenhou.net/6 model, the form every import takes here, for `replayGame` to play through
 * the engine. mjai says nothing of the rules: the red fives are on where a red five (`5mr`…)
 * shows in the log and the game is taken as a hanchan, unless `rule` says otherwise (as a
 * tenhou.net/6 `rule`: `disp` containing 東 and not 南 for a tonpuusen). A win keeps its score
 * changes and ura indicators; mjai has no points text and no pao, and its yaku names differ from
 * one dialect to another, so a win is checked by its deltas (the replay scores it again). A hand
 * ended by chombo (`exportMjai`'s `ryukyoku` with `reason: "chombo"`) is left out, as the
 * tenhou.net/6 export leaves it out. Throws MjaiLogError for anything else that is not an mjai log.
 */
export function fromMjai(log: string | readonly unknown[], opts: { rule?: Tenhou6Game['rule'] } = {}): Tenhou6Game {
  const messages = typeof log === 'string' ? parseLines(log) : log.map((m, i) => ({ line: i + 1, value: m }));
  const game: Tenhou6Game = { names: ['East', 'South', 'West', 'North'], rule: opts.rule ?? { disp: '', aka: 0 }, hands: [], extra: {} };
  let sawRed = false;
  let hand: MjaiHand | null = null;
  for (const { line, value } of messages) {
    const parsed = Message.safeParse(value);
    if (!parsed.success) {
      const type = (value as { type?: unknown } | null)?.type;
      if (typeof type === 'string' && !KNOWN.has(type as never)) continue; // other messages (reach_accepted, end_kyoku, none, …) say nothing the replay needs
      throw new MjaiLogError(line, `not an mjai message: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ')}`);
    }
    const m = parsed.data;
    const tile = (name: string): Tile => {
      const t = parseMjaiTile(name);
      if (!t) throw new MjaiLogError(line, `"${name}" is not an mjai tile`);
      sawRed ||= t.red;
      return t;
    };
    const h = (): MjaiHand => {
      if (!hand) throw new MjaiLogError(line, `${m.type} before any start_kyoku`);
      return hand;
    };
    switch (m.type) {
      case 'start_game':
        if (m.names) game.names = m.names as Four<string>;
        break;
      case 'start_kyoku':
        if (hand) throw new MjaiLogError(line, 'start_kyoku before the last hand ended');
        if (m.oya !== (WINDS.indexOf(m.bakaze) * 4 + m.kyoku - 1) % 4) throw new MjaiLogError(line, `oya ${m.oya} is not the dealer of ${m.bakaze}${m.kyoku}`);
        hand = new MjaiHand(m, tile);
        break;
      case 'tsumo':
        h().draws[m.actor].push({ type: 'draw', tile: tile(m.pai) });
        h().drawn[m.actor] = m.pai;
        break;
      case 'reach':
        h().riichi[m.actor] = true;
        break;
      case 'dahai': {
        const x = h();
        x.discards[m.actor].push({ type: 'discard', tile: tile(m.pai), tsumogiri: m.tsumogiri ?? x.drawn[m.actor] === m.pai, riichi: x.riichi[m.actor] });
        x.riichi[m.actor] = false;
        x.drawn[m.actor] = null;
        break;
      }
      case 'chi':
      case 'pon':
      case 'daiminkan': {
        const x = h();
        const from = ((m.actor - m.target + 4) % 4) as RelativeSeat;
        if (from === (0 as number)) throw new MjaiLogError(line, `${m.type} from the caller itself`);
        const call = { tile: tile(m.pai), own: m.consumed.map(tile), from };
        x.draws[m.actor].push({ type: m.type === 'chi' ? 'chii' : m.type, ...call });
        if (m.type === 'pon') x.pons[m.actor].set(call.tile.kind, call);
        if (m.type === 'daiminkan') x.discards[m.actor].push({ type: 'daiminkanSkip' });
        x.drawn[m.actor] = null;
        break;
      }
      case 'ankan':
        h().discards[m.actor].push({ type: 'ankan', tiles: m.consumed.map(tile) });
        break;
      case 'kakan': {
        const added = tile(m.pai);
        const pon = h().pons[m.actor].get(added.kind);
        if (!pon) throw new MjaiLogError(line, `kakan of ${m.pai} by seat ${m.actor}, who has no pon of it`);
        h().discards[m.actor].push({ type: 'shouminkan', tile: added, pon });
        break;
      }
      case 'dora':
        h().dora.push(tile(m.dora_marker));
        break;
      case 'hora': {
        const x = h();
        if (x.result && x.result.type !== 'win') throw new MjaiLogError(line, 'hora after the hand ended in a draw');
        if (m.ura_markers?.length && x.ura.length === 0) x.ura = m.ura_markers.map(tile);
        const win = { deltas: m.deltas as Four<number>, winner: m.actor, from: m.target, pao: m.actor, pointsText: null, yaku: [] };
        if (x.result?.type === 'win') x.result.wins.push(win);
        else x.result = { type: 'win', wins: [win] };
        break;
      }
      case 'ryukyoku': {
        const x = h();
        if (x.result) throw new MjaiLogError(line, 'ryukyoku after the hand had its result');
        if (m.reason === 'chombo') {
          x.chombo = true;
          break;
        }
        x.result = drawResult(m, line);
        break;
      }
      case 'end_kyoku': {
        const x = h();
        if (!x.result && !x.chombo) throw new MjaiLogError(line, 'end_kyoku of a hand without its hora or ryukyoku');
        if (!x.chombo) game.hands.push(x.build());
        hand = null;
        break;
      }
    }
  }
  if (hand) throw new MjaiLogError(messages.length, 'the log ends inside a hand (no end_kyoku)');
  if (!opts.rule) game.rule = { disp: '', aka: sawRed ? 1 : 0 };
  return game;
}

/** An mjai log that cannot be read: the 1-based line (or message index) and why. */
export class MjaiLogError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'MjaiLogError';
  }
}

function parseLines(text: string): { line: number; value: unknown }[] {
  return text.split('\n').flatMap((l, i) => {
    if (!l.trim()) return [];
    try {
      return [{ line: i + 1, value: JSON.parse(l) as unknown }];
    } catch {
      throw new MjaiLogError(i + 1, 'not JSON');
    }
  });
}

const seat = z.number().int().min(0).max(3) as unknown as z.ZodType<Seat>;
const pai = z.string();
const scores = z.array(z.number().int()).length(4);
const Message = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start_game'), names: z.array(z.string()).length(4).optional() }),
  z.object({
    type: z.literal('start_kyoku'), bakaze: z.enum(['E', 'S', 'W', 'N']), kyoku: z.number().int().min(1).max(4),
    honba: z.number().int().min(0), kyotaku: z.number().int().min(0), oya: seat, dora_marker: pai, scores,
    tehais: z.array(z.array(pai).length(13)).length(4),
  }),
  z.object({ type: z.literal('tsumo'), actor: seat, pai }),
  z.object({ type: z.literal('dahai'), actor: seat, pai, tsumogiri: z.boolean().optional() }),
  z.object({ type: z.literal('reach'), actor: seat }),
  z.object({ type: z.literal('chi'), actor: seat, target: seat, pai, consumed: z.array(pai).length(2) }),
  z.object({ type: z.literal('pon'), actor: seat, target: seat, pai, consumed: z.array(pai).length(2) }),
  z.object({ type: z.literal('daiminkan'), actor: seat, target: seat, pai, consumed: z.array(pai).length(3) }),
  z.object({ type: z.literal('ankan'), actor: seat, consumed: z.array(pai).length(4) }),
  z.object({ type: z.literal('kakan'), actor: seat, pai, consumed: z.array(pai).length(3) }),
  z.object({ type: z.literal('dora'), dora_marker: pai }),
  z.object({ type: z.literal('hora'), actor: seat, target: seat, deltas: scores, ura_markers: z.array(pai).optional() }),
  z.object({ type: z.literal('ryukyoku'), reason: z.string().optional(), deltas: scores, tenpais: z.array(z.boolean()).length(4).optional() }),
  z.object({ type: z.literal('end_kyoku') }),
]);
type Message = z.infer<typeof Message>;
const KNOWN = new Set(Message.options.map((o) => o.shape.type.value));

const DRAW_NAMES: Record<string, Tenhou6DrawName> = {
  nagashimangan: '流し満貫', kyushukyuhai: '九種九牌', sufonrenta: '四風連打', suchareach: '四家立直', sanchaho: '三家和了', sukaikan: '四槓散了',
};

function drawResult(m: Extract<Message, { type: 'ryukyoku' }>, line: number): Tenhou6Result {
  const deltas = m.deltas as Four<number>;
  if (m.reason !== undefined && m.reason !== 'fanpai') {
    const name = DRAW_NAMES[m.reason];
    if (!name) throw new MjaiLogError(line, `ryukyoku reason "${m.reason}" is not one mjai has`);
    return { type: 'draw', name, deltas: name === '流し満貫' ? deltas : null };
  }
  // An exhaustive draw; tenhou.net/6 names all and none tenpai apart (when the log says who was).
  const tenpai = m.tenpais?.filter(Boolean).length;
  const name = tenpai === 4 ? '全員聴牌' : tenpai === 0 ? '全員不聴' : '流局';
  return { type: 'draw', name, deltas: name === '流局' ? deltas : null };
}

const WINDS = ['E', 'S', 'W', 'N'];

/** One hand as its messages come, paired draw-to-discard by index as tenhou.net/6 pairs them. */
class MjaiHand {
  private readonly round: number;
  private readonly honba: number;
  private readonly sticks: number;
  private readonly startScores: Four<number>;
  private readonly haipai: Four<Tile[]>;
  readonly dora: Tile[];
  ura: Tile[] = [];
  readonly draws: Four<DrawItem[]> = [[], [], [], []];
  readonly discards: Four<DiscardItem[]> = [[], [], [], []];
  /** The tile each seat drew last, until it discards or calls (for logs without `tsumogiri`). */
  readonly drawn: (string | null)[] = [null, null, null, null];
  readonly riichi = [false, false, false, false];
  /** Each seat's pons by kind, for a later kakan. */
  readonly pons: Map<number, PonShape>[] = [new Map(), new Map(), new Map(), new Map()];
  result: Tenhou6Result | null = null;
  chombo = false;

  constructor(m: Extract<Message, { type: 'start_kyoku' }>, tile: (name: string) => Tile) {
    this.round = WINDS.indexOf(m.bakaze) * 4 + m.kyoku - 1;
    this.honba = m.honba;
    this.sticks = m.kyotaku;
    this.startScores = [...m.scores] as Four<number>;
    this.haipai = m.tehais.map((h) => h.map(tile)) as Four<Tile[]>;
    this.dora = [tile(m.dora_marker)];
  }

  build(): Tenhou6Hand {
    return {
      round: this.round, honba: this.honba, riichiSticks: this.sticks, startScores: this.startScores,
      doraIndicators: this.dora, uraIndicators: this.ura, haipai: this.haipai, draws: this.draws, discards: this.discards, result: this.result!,
    };
  }
}
