import type { YakuId } from '../scoring/types';
import type { TileKind } from '../tiles';
import type { Tenhou6Yaku } from './tenhou6Types';

/**
 * Tenhou's Japanese yaku names <-> YakuId. The wind yakuhai carry their wind in the name
 * ("自風 南", "場風 東"), so one YakuId has four names.
 */

const WINDS = ['東', '南', '西', '北'];

type WindYakuId = 'yakuhaiSeatWind' | 'yakuhaiRoundWind';

const windEntries = (prefix: string, id: WindYakuId): [string, YakuId][] => WINDS.map((w) => [`${prefix} ${w}`, id]);

const ENTRIES: [string, YakuId | null][] = [
  ['門前清自摸和', 'menzenTsumo'], ['立直', 'riichi'], ['一発', 'ippatsu'], ['槍槓', 'chankan'],
  ['嶺上開花', 'rinshan'], ['海底摸月', 'haitei'], ['河底撈魚', 'houtei'], ['平和', 'pinfu'],
  ['断幺九', 'tanyao'], ['一盃口', 'iipeikou'],
  ...windEntries('自風', 'yakuhaiSeatWind'),
  ...windEntries('場風', 'yakuhaiRoundWind'),
  ['役牌 白', 'yakuhaiHaku'], ['役牌 發', 'yakuhaiHatsu'], ['役牌 中', 'yakuhaiChun'],
  ['両立直', 'doubleRiichi'], ['七対子', 'chiitoitsu'], ['混全帯幺九', 'chanta'], ['一気通貫', 'ittsu'],
  ['三色同順', 'sanshokuDoujun'], ['三色同刻', 'sanshokuDoukou'], ['三槓子', 'sankantsu'], ['対々和', 'toitoi'],
  ['三暗刻', 'sanankou'], ['小三元', 'shousangen'], ['混老頭', 'honroutou'], ['二盃口', 'ryanpeikou'],
  ['純全帯幺九', 'junchan'], ['混一色', 'honitsu'], ['清一色', 'chinitsu'], ['人和', 'renhou'],
  ['天和', 'tenhou'], ['地和', 'chiihou'], ['大三元', 'daisangen'], ['四暗刻', 'suuankou'],
  ['四暗刻単騎', 'suuankouTanki'], ['字一色', 'tsuuiisou'], ['緑一色', 'ryuuiisou'], ['清老頭', 'chinroutou'],
  ['九蓮宝燈', 'chuuren'], ['純正九蓮宝燈', 'junseiChuuren'], ['国士無双', 'kokushi'], ['国士無双１３面', 'kokushi13'],
  ['大四喜', 'daisuushii'], ['小四喜', 'shousuushii'], ['四槓子', 'suukantsu'],
  ['ドラ', 'dora'], ['裏ドラ', 'uraDora'], ['赤ドラ', 'akaDora'],
];

/** Every name Tenhou writes, in Tenhou's yaku numbering (0..54). */
export const TENHOU6_YAKU: readonly { name: string; id: YakuId | null }[] = ENTRIES.map(([name, id]) => ({ name, id }));

/**
 * Names written by Tenhou's English client (seen in the corpus: "Riichi", "Dora", "Ura Dora"),
 * read as aliases only: exports always write the Japanese names.
 */
const ENGLISH_ALIASES: [string, YakuId][] = [
  ['Riichi', 'riichi'], ['Double Riichi', 'doubleRiichi'], ['Ippatsu', 'ippatsu'], ['Tsumo', 'menzenTsumo'],
  ['Pinfu', 'pinfu'], ['Tanyao', 'tanyao'], ['Iipeikou', 'iipeikou'], ['Dora', 'dora'], ['Ura Dora', 'uraDora'],
  ['Red Five', 'akaDora'], ['Aka Dora', 'akaDora'],
];

const ID_BY_NAME = new Map<string, YakuId | null>([...ENGLISH_ALIASES, ...TENHOU6_YAKU.map((y) => [y.name, y.id] as const)]);
const NAME_BY_ID = new Map(TENHOU6_YAKU.filter((y) => y.id !== null).map((y) => [y.id, y.name]));

export const yakuIdFromTenhouName = (name: string): YakuId | null => ID_BY_NAME.get(name) ?? null;

/** Tenhou's name for a yaku; the wind yakuhai need their wind kind (27..30). */
export function tenhouYakuName(id: WindYakuId, wind: TileKind): string;
export function tenhouYakuName(id: Exclude<YakuId, WindYakuId>): string;
export function tenhouYakuName(id: YakuId, wind?: TileKind): string {
  if (id !== 'yakuhaiSeatWind' && id !== 'yakuhaiRoundWind') return NAME_BY_ID.get(id)!;
  if (wind === undefined || wind < 27 || wind > 30) throw new RangeError(`${id} needs a wind kind 27..30, got ${wind}`);
  return `${id === 'yakuhaiSeatWind' ? '自風' : '場風'} ${WINDS[wind - 27]}`;
}

/** Han written as "(n飜)", yakuman as "(役満)" (Tenhou has no double yakuman: each counts once). */
const YAKU_TEXT_RE = /^(.+)\((?:(0|[1-9]\d*)飜|(役満))\)$/;

export function parseYakuText(text: string): Tenhou6Yaku | null {
  const m = YAKU_TEXT_RE.exec(text);
  if (!m) return null;
  const yakuman = m[3] !== undefined;
  return { name: m[1], id: yakuIdFromTenhouName(m[1]), han: yakuman ? 13 : Number(m[2]), yakuman };
}

export const formatYakuText = (y: Pick<Tenhou6Yaku, 'name' | 'han' | 'yakuman'>): string =>
  `${y.name}(${y.yakuman ? '役満' : `${y.han}飜`})`;
