import type { YakuId } from '../scoring/types';
import { TENHOU6_YAKU } from './tenhou6Yaku';

/**
 * Yaku names as gimite/mjai writes them in `hora.yakus` (its `YAKU_ID_TO_NAME`, in Tenhou's
 * yaku numbering 0..54, the numbering of TENHOU6_YAKU): the wind yakuhai are `jikaze` and
 * `bakaze` whatever the wind, the dragons `sangenpai`, and both forms of a double yakuman one name.
 */
export const GIMITE_YAKU_NAMES = [
  'menzenchin_tsumoho', 'reach', 'ippatsu', 'chankan', 'rinshankaiho',
  'haiteiraoyue', 'hoteiraoyui', 'pinfu', 'tanyaochu', 'ipeko',
  'jikaze', 'jikaze', 'jikaze', 'jikaze',
  'bakaze', 'bakaze', 'bakaze', 'bakaze',
  'sangenpai', 'sangenpai', 'sangenpai',
  'double_reach', 'chitoitsu', 'honchantaiyao', 'ikkitsukan', 'sanshokudojun',
  'sanshokudoko', 'sankantsu', 'toitoiho', 'sananko', 'shosangen', 'honroto',
  'ryanpeko', 'junchantaiyao', 'honiso',
  'chiniso',
  'renho',
  'tenho', 'chiho', 'daisangen', 'suanko', 'suanko', 'tsuiso',
  'ryuiso', 'chinroto', 'churenpoton', 'churenpoton', 'kokushimuso',
  'kokushimuso', 'daisushi', 'shosushi', 'sukantsu',
  'dora', 'uradora', 'akadora',
] as const;

const BY_ID = new Map<YakuId, string>();
TENHOU6_YAKU.forEach((y, i) => {
  if (y.id !== null && !BY_ID.has(y.id)) BY_ID.set(y.id, GIMITE_YAKU_NAMES[i]);
});

/** gimite/mjai's name of a yaku; a yaku Tenhou (and so gimite) does not have keeps Jantaku's id. */
export const gimiteYakuName = (id: YakuId): string => BY_ID.get(id) ?? id;
