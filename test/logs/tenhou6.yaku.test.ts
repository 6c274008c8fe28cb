import { describe, expect, it } from 'vitest';
import {
  formatPointsText, formatYakuText, parsePointsText, parseTenhou6, parseYakuText, TENHOU6_YAKU, tenhouYakuName,
  yakuIdFromTenhouName, type Tenhou6Hand, type Tenhou6Win,
} from '@jantaku/shared/logs/tenhou6';
import type { YakuId } from '@jantaku/shared/scoring/types';
import { corpusFiles } from './tenhou6Corpus';

const hands: Tenhou6Hand[] = corpusFiles().flatMap((f) => parseTenhou6(f.text, f.name).hands);
const wins = hands.flatMap((h) => (h.result.type === 'win' ? h.result.wins.map((w, i) => ({ h, w, i })) : []));

/** Every YakuId, checked complete by the compiler. */
const ALL_IDS: Record<YakuId, true> = {
  riichi: true, doubleRiichi: true, ippatsu: true, menzenTsumo: true, pinfu: true, iipeikou: true, ryanpeikou: true,
  tanyao: true, yakuhaiSeatWind: true, yakuhaiRoundWind: true, yakuhaiHaku: true, yakuhaiHatsu: true, yakuhaiChun: true,
  haitei: true, houtei: true, rinshan: true, chankan: true, sanshokuDoujun: true, sanshokuDoukou: true, ittsu: true,
  chanta: true, junchan: true, honroutou: true, toitoi: true, sanankou: true, sankantsu: true, shousangen: true,
  chiitoitsu: true, honitsu: true, chinitsu: true, dora: true, akaDora: true, uraDora: true, kokushi: true, kokushi13: true,
  suuankou: true, suuankouTanki: true, daisangen: true, shousuushii: true, daisuushii: true, tsuuiisou: true,
  chinroutou: true, ryuuiisou: true, chuuren: true, junseiChuuren: true, suukantsu: true, tenhou: true, chiihou: true, renhou: true,
};

describe('tenhou6 yaku names', () => {
  it("knows every name in the corpus, the English client's ones as aliases", () => {
    const names = new Set(wins.flatMap(({ w }) => w.yaku.map((y) => y.name)));
    expect(names.size).toBe(38);
    expect([...names].filter((n) => yakuIdFromTenhouName(n) === null)).toEqual([]);
    expect(['Riichi', 'Dora', 'Ura Dora'].map(yakuIdFromTenhouName)).toEqual(['riichi', 'dora', 'uraDora']);
    expect(tenhouYakuName('uraDora')).toBe('裏ドラ');
    for (const { w } of wins) for (const y of w.yaku) expect(y.id).toBe(yakuIdFromTenhouName(y.name));
  });

  it("lists Tenhou's 55 names, every YakuId among them", () => {
    expect(TENHOU6_YAKU).toHaveLength(55);
    expect(new Set(TENHOU6_YAKU.map((y) => y.id).filter((id) => id !== null))).toEqual(new Set(Object.keys(ALL_IDS)));
    for (const name of ['両立直', '天和', '地和', '大三元', '四暗刻', '四暗刻単騎', '国士無双', '国士無双１３面', '九蓮宝燈',
      '純正九蓮宝燈', '字一色', '緑一色', '清老頭', '大四喜', '小四喜', '四槓子', '海底摸月', '河底撈魚', '二盃口']) {
      expect(yakuIdFromTenhouName(name), name).not.toBeNull();
    }
    expect(yakuIdFromTenhouName('人和')).toBe('renhou');
    expect(yakuIdFromTenhouName('流し満貫')).toBeNull();
  });

  it('maps names to ids and back, the wind yakuhai with their wind', () => {
    for (const id of Object.keys(ALL_IDS) as YakuId[]) {
      if (id === 'yakuhaiSeatWind' || id === 'yakuhaiRoundWind') continue;
      expect(yakuIdFromTenhouName(tenhouYakuName(id))).toBe(id);
    }
    expect(tenhouYakuName('yakuhaiSeatWind', 28)).toBe('自風 南');
    expect(tenhouYakuName('yakuhaiRoundWind', 27)).toBe('場風 東');
    expect(yakuIdFromTenhouName('場風 北')).toBe('yakuhaiRoundWind');
    expect(tenhouYakuName('yakuhaiHatsu')).toBe('役牌 發');
    expect(() => tenhouYakuName('yakuhaiSeatWind', 31)).toThrow(RangeError);
  });

  it('reads han as (n飜) and yakuman as (役満)', () => {
    expect(parseYakuText('四槓子(役満)')).toEqual({ name: '四槓子', id: 'suukantsu', han: 13, yakuman: true });
    expect(parseYakuText('ドラ(3飜)')).toEqual({ name: 'ドラ', id: 'dora', han: 3, yakuman: false });
    expect(parseYakuText('Ura Dora(0飜)')).toEqual({ name: 'Ura Dora', id: 'uraDora', han: 0, yakuman: false });
    expect(parseYakuText('Unheard Of(1飜)')).toEqual({ name: 'Unheard Of', id: null, han: 1, yakuman: false });
    for (const bad of ['ドラ', 'ドラ(03飜)', '(1飜)', 'ドラ(1翻)', 'ドラ(1飜) ']) expect(parseYakuText(bad), bad).toBeNull();
    for (const { w } of wins) for (const y of w.yaku) expect(parseYakuText(formatYakuText(y))).toEqual(y);
  });

  it('the yaku han add up to the han of the points text; yakuman hands list only yakuman', () => {
    for (const { w } of wins.filter(({ w }) => w.pointsText !== null)) {
      const p = parsePointsText(w.pointsText!)!;
      if (p.limit === null) expect(w.yaku.reduce((n, y) => n + y.han, 0)).toBe(p.han);
      if (p.limit === 'yakuman') expect(w.yaku.every((y) => y.yakuman)).toBe(true);
      else expect(w.yaku.some((y) => y.yakuman)).toBe(false);
    }
  });
});

/** What each seat pays in this win, by its points text plus `honba` (300 a ron, 100 per tsumo payer). */
function expectedPayments(h: Tenhou6Hand, w: Tenhou6Win, honba: number): number[] {
  const p = parsePointsText(w.pointsText!)!.payment;
  const dealer = h.round % 4;
  return [0, 1, 2, 3].map((s) => {
    if (s === w.winner) return 0;
    if (p.type === 'ron') return s === w.from ? p.points + 300 * honba : 0;
    const base = p.type === 'dealerTsumo' ? p.each : s === dealer ? p.dealer : p.nonDealer;
    return base + 100 * honba;
  });
}

describe('tenhou6 points text', () => {
  it('rebuilds every corpus points text from the numbers parsed out of it', () => {
    const texts = wins.flatMap(({ w }) => (w.pointsText === null ? [] : [w.pointsText]));
    expect(texts.length).toBe(284);
    for (const text of texts) {
      const p = parsePointsText(text);
      expect(p, text).not.toBeNull();
      expect(formatPointsText(p!)).toBe(text);
    }
  });

  it('leaves honba out of the text: the deltas add them, on a double ron to the first winner only', () => {
    const checked = wins.filter(({ w }) => w.pointsText !== null && w.pao === w.winner);
    expect(checked.filter(({ h }) => h.honba > 0).length).toBeGreaterThan(60);
    for (const { h, w, i } of checked) {
      const paid = w.deltas.map((d, s) => (s === w.winner ? 0 : 0 - d));
      expect(paid, w.pointsText!).toEqual(expectedPayments(h, w, i === 0 ? h.honba : 0));
    }
  });

  it('writes ron, non-dealer tsumo (non-dealer-dealer) and dealer tsumo (∀)', () => {
    expect(formatPointsText({ limit: null, fu: 30, han: 4, payment: { type: 'ron', points: 7700 } })).toBe('30符4飜7700点');
    expect(formatPointsText({ limit: null, fu: 30, han: 3, payment: { type: 'tsumo', nonDealer: 1000, dealer: 2000 } }))
      .toBe('30符3飜1000-2000点');
    expect(formatPointsText({ limit: null, fu: 30, han: 2, payment: { type: 'dealerTsumo', each: 1000 } })).toBe('30符2飜1000点∀');
    expect(formatPointsText({ limit: 'mangan', fu: 40, han: 4, payment: { type: 'ron', points: 8000 } })).toBe('満貫8000点');
    expect(formatPointsText({ limit: 'haneman', payment: { type: 'dealerTsumo', each: 6000 } })).toBe('跳満6000点∀');
    expect(formatPointsText({ limit: 'sanbaiman', payment: { type: 'ron', points: 24000 } })).toBe('三倍満24000点');
    expect(formatPointsText({ limit: 'kazoeYakuman', payment: { type: 'tsumo', nonDealer: 8000, dealer: 16000 } }))
      .toBe('役満8000-16000点');
    expect(parsePointsText('役満32000点')).toEqual({ limit: 'yakuman', payment: { type: 'ron', points: 32000 } });
    for (const bad of ['', '30符7700点', '満貫8000', '30符4飜7700点∀∀', '満貫2000-4000点∀', '数え役満32000点', '30符4飜07700点']) {
      expect(parsePointsText(bad), bad).toBeNull();
    }
  });
});
