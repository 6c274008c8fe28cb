import type { YakuId } from './types';

/** English names of the yaku (romaji, as English-language rulebooks write them). */
export const YAKU_NAMES: Readonly<Record<YakuId, string>> = {
  riichi: 'Riichi', doubleRiichi: 'Double riichi', ippatsu: 'Ippatsu', menzenTsumo: 'Menzen tsumo', pinfu: 'Pinfu',
  iipeikou: 'Iipeikou', ryanpeikou: 'Ryanpeikou', tanyao: 'Tanyao', yakuhaiSeatWind: 'Seat wind', yakuhaiRoundWind: 'Round wind',
  yakuhaiHaku: 'White dragon', yakuhaiHatsu: 'Green dragon', yakuhaiChun: 'Red dragon', haitei: 'Haitei', houtei: 'Houtei',
  rinshan: 'Rinshan kaihou', chankan: 'Chankan', sanshokuDoujun: 'Sanshoku doujun', sanshokuDoukou: 'Sanshoku doukou',
  ittsu: 'Ittsu', chanta: 'Chanta', junchan: 'Junchan', honroutou: 'Honroutou', toitoi: 'Toitoi', sanankou: 'Sanankou',
  sankantsu: 'Sankantsu', shousangen: 'Shousangen', chiitoitsu: 'Chiitoitsu', honitsu: 'Honitsu', chinitsu: 'Chinitsu',
  dora: 'Dora', akaDora: 'Red fives', uraDora: 'Ura dora', kokushi: 'Kokushi musou', kokushi13: 'Kokushi (13-wait)',
  suuankou: 'Suuankou', suuankouTanki: 'Suuankou tanki', daisangen: 'Daisangen', shousuushii: 'Shousuushii',
  daisuushii: 'Daisuushii', tsuuiisou: 'Tsuuiisou', chinroutou: 'Chinroutou', ryuuiisou: 'Ryuuiisou', chuuren: 'Chuuren poutou',
  junseiChuuren: 'Junsei chuuren poutou', suukantsu: 'Suukantsu', tenhou: 'Tenhou', chiihou: 'Chiihou', renhou: 'Renhou',
};
