import type { YakuId } from '@jantaku/shared/scoring/types';

/** The yaku in Japanese, as Tenhou and Mahjong Soul write them (English: shared/src/scoring/yakuNames.ts). Typed: every yaku has its name. */
export const YAKU_JA: Readonly<Record<YakuId, string>> = {
  riichi: '立直', doubleRiichi: 'ダブル立直', ippatsu: '一発', menzenTsumo: '門前清自摸和', pinfu: '平和',
  iipeikou: '一盃口', ryanpeikou: '二盃口', tanyao: '断幺九', yakuhaiSeatWind: '自風牌', yakuhaiRoundWind: '場風牌',
  yakuhaiHaku: '役牌 白', yakuhaiHatsu: '役牌 發', yakuhaiChun: '役牌 中', haitei: '海底摸月', houtei: '河底撈魚',
  rinshan: '嶺上開花', chankan: '槍槓', sanshokuDoujun: '三色同順', sanshokuDoukou: '三色同刻',
  ittsu: '一気通貫', chanta: '混全帯幺九', junchan: '純全帯幺九', honroutou: '混老頭', toitoi: '対々和', sanankou: '三暗刻',
  sankantsu: '三槓子', shousangen: '小三元', chiitoitsu: '七対子', honitsu: '混一色', chinitsu: '清一色',
  dora: 'ドラ', akaDora: '赤ドラ', uraDora: '裏ドラ', kokushi: '国士無双', kokushi13: '国士無双十三面',
  suuankou: '四暗刻', suuankouTanki: '四暗刻単騎', daisangen: '大三元', shousuushii: '小四喜',
  daisuushii: '大四喜', tsuuiisou: '字一色', chinroutou: '清老頭', ryuuiisou: '緑一色', chuuren: '九蓮宝燈',
  junseiChuuren: '純正九蓮宝燈', suukantsu: '四槓子', tenhou: '天和', chiihou: '地和', renhou: '人和',
};
