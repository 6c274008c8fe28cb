import { describe, expect, it } from 'vitest';
import { en } from '../../web/src/locales/en';
import { ja } from '../../web/src/locales/ja';
import { browserLanguage, language, setLanguage } from '../../web/src/i18n';
import { tableName } from '../../web/src/tableName';
import { faultReason } from '@jantaku/shared/referee/catalogue';
import { faultSentence, penaltyName, refusalWords, scoreEffect } from '../../web/src/words';
import { tileLongName } from '../../web/src/tileNames';

/** The {{values}} a catalog entry fills in. */
const values = (s: string): string[] => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the language catalogs (issue 15 item 10)', () => {
  it('English and Japanese have the same keys, no empty entry, and fill in the same values', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(en)) {
      expect(v.trim(), `en ${k}`).not.toBe('');
      const j = (ja as Record<string, string>)[k];
      expect(j.trim(), `ja ${k}`).not.toBe('');
      expect(values(j), `ja ${k}`).toEqual(values(v));
    }
  });

  it('Japanese uses the words players know for the calls and wins', () => {
    expect([ja['act.pon'], ja['act.chii'], ja['act.kan'], ja['act.riichi'], ja['act.ron'], ja['act.tsumo'], ja['act.kyuushu']]).toEqual(['ポン', 'チー', 'カン', 'リーチ', 'ロン', 'ツモ', '九種九牌']);
  });

  it('the browser language picks Japanese for ja*, English otherwise', () => {
    expect(browserLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(browserLanguage(['ja'])).toBe('ja');
    expect(browserLanguage(['en-GB', 'ja'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'ja-JP'])).toBe('ja');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('a table is named from its ruleset and settings in each language, or by its creator; never by an id', () => {
    setLanguage('en');
    expect(language()).toBe('en');
    expect(tableName({ ruleset: 'wrc2015+custom', length: 'hanchan', clock: { kind: 'bank', seconds: [5, 20] } })).toBe('WRC 2015 · 5+20 s');
    expect(tableName({ ruleset: 'tenhou', length: 'hanchan' })).toBe('Tenhou · hanchan');
    expect(tableName({ ruleset: 'tenhou', length: 'hanchan', clock: { kind: 'none', seconds: [] } })).toBe('Tenhou · hanchan');
    expect(tableName({ ruleset: 'wrc2015', name: 'Friday club' })).toBe('Friday club');
    setLanguage('ja');
    expect(language()).toBe('ja');
    expect(tableName({ ruleset: 'tenhou+custom', length: 'tonpuusen', clock: { kind: 'bank', seconds: [5, 10] } })).toBe('天鳳 · 東風戦 · 5+10秒');
    expect(tableName({ ruleset: 'tenhou', length: 'hanchan' })).toBe('天鳳 · 半荘戦');
    setLanguage('en');
  });

  it('refusals and tile names follow the language: 振聴 (フリテン), 五筒(赤), 東', () => {
    setLanguage('ja');
    expect(refusalWords('FURITEN')).toContain('振聴（フリテン）');
    expect(refusalWords('NOT_YOUR_TURN')).toBe('あなたの番ではありません。');
    // Tile 52 is the red five of pin; 53 a plain one.
    expect([tileLongName(0), tileLongName(52), tileLongName(53), tileLongName(27 * 4), tileLongName(33 * 4)]).toEqual(['一萬', '五筒(赤)', '五筒', '東', '中']);
    setLanguage('en');
    expect(refusalWords('FURITEN')).toMatch(/^Furiten/);
    expect([tileLongName(0), tileLongName(27 * 4)]).toEqual(['one of man', 'East wind']);
  });
});

describe('fault sentences in Japanese: one language per sentence, "you" (あなた) and another seat apart', () => {
  const label = (s: number) => ['東家', '南家', '西家', '北家'][s];
  const rule = 'WRC-F-FALSE-WIN-REVEALED';
  const falseRon = { seat: 0, rule, penalty: { kind: 'chombo' } as const, reason: faultReason(rule, 'false win, hand shown: a win on a hand that is not complete') };

  it('chombo: a mangan from the dealer or a child, and the WRC final-score penalty', () => {
    setLanguage('ja');
    try {
      expect(penaltyName({ kind: 'chombo' })).toBe('チョンボ');
      expect(faultSentence(falseRon, { label, viewer: 0, dealer: 0, chombo: { kind: 'mangan' } })).toBe(
        'チョンボ: 誤和了（手牌公開）：不完全な手で和了 — あなたが各家に4,000点払い。配牌からやり直し',
      );
      expect(faultSentence({ ...falseRon, seat: 2 }, { label, viewer: 0, dealer: 1, chombo: { kind: 'mangan' } })).toBe(
        'チョンボ: 誤和了（手牌公開）：不完全な手で和了 — 西家が南家に4,000点、他の各家に2,000点払い。配牌からやり直し',
      );
      expect(scoreEffect({ kind: 'chombo' }, 2, { label, viewer: 2, dealer: 1, chombo: { kind: 'mangan' } })).toBe('あなたが南家に4,000点、他の各家に2,000点払い。配牌からやり直し');
      expect(scoreEffect({ kind: 'chombo' }, 1, { label, viewer: 0, chombo: { kind: 'globalPoints', points: 20 } })).toBe('南家の最終得点から\u221220。この局では点棒は動かず、配牌からやり直し');
      expect(scoreEffect({ kind: 'chombo' }, 1, { label, viewer: 1, chombo: { kind: 'globalPoints', points: 20 } })).toBe('あなたの最終得点から\u221220。この局では点棒は動かず、配牌からやり直し');
      expect(scoreEffect({ kind: 'chombo' }, 1, { label, viewer: 1 })).toBe('配牌からやり直し');
    } finally {
      setLanguage('en');
    }
  });

  it('dead hand, penalty points (per minute late), penalty tiles, a warning, disqualification, none', () => {
    setLanguage('ja');
    try {
      expect(faultSentence({ seat: 3, rule: 'WRC-F-FALSE-WIN-HIDDEN', penalty: { kind: 'deadHand' }, reason: faultReason('WRC-F-FALSE-WIN-HIDDEN', 'false win, hand kept concealed: ron while furiten') }, { label, viewer: 3 })).toBe(
        'アガリ放棄: 誤和了（手牌非公開）：フリテンでロン — 点数の変化なし。あなたはこの局の終わりまでアガリ・鳴き・リーチができず、流局時はノーテン扱い',
      );
      expect(scoreEffect({ kind: 'deadHand' }, 3, { label, viewer: 0 })).toBe('点数の変化なし。北家はこの局の終わりまでアガリ・鳴き・リーチができず、流局時はノーテン扱い');
      expect(scoreEffect({ kind: 'points', points: 5 }, 0, { label, viewer: 0 })).toBe('あなたの最終得点から\u22125。他の点数は変わりません');
      expect(scoreEffect({ kind: 'points', points: 2, per: { unitMs: 60_000, of: 'lateness' } }, 1, { label, viewer: null })).toBe('南家の最終得点から\u22122（遅刻1分ごと）。他の点数は変わりません');
      expect(scoreEffect({ kind: 'points', points: 1, per: { unitMs: 30_000, of: 'overrun' } }, 1, { label, viewer: 1 })).toBe('あなたの最終得点から\u22121（超過30秒ごと）。他の点数は変わりません');
      expect(scoreEffect({ kind: 'penaltyTiles', tiles: 3 }, 2, { label, viewer: 2 })).toBe('点数の変化なし。あなたの手牌の3枚がペナルティ牌になります');
      expect(scoreEffect({ kind: 'penaltyTiles', tiles: 'allConcealed' }, 2, { label, viewer: 0 })).toBe('点数の変化なし。西家の手牌の伏せた牌すべてがペナルティ牌になります');
      expect(faultSentence({ seat: 1, rule: 'RUS-WARN', penalty: { kind: 'warning' }, reason: 'RUS-WARN: swap-call discard (kuikae)' }, { label, viewer: 0 })).toBe('警告: 喰い替え — 点数の変化なし（警告）');
      expect(scoreEffect({ kind: 'disqualification' }, 1, { label, viewer: 1 })).toBe('あなたは失格です');
      expect(scoreEffect({ kind: 'disqualification', ban: 'currentYear' }, 1, { label, viewer: 0 })).toBe('南家は失格となり、今年の大会への出場を禁止されます');
      expect(scoreEffect({ kind: 'none' }, 1, { label, viewer: 0 })).toBe('点数の変化なし');
    } finally {
      setLanguage('en');
    }
  });

  it('a reason with no Japanese words names the rule instead of mixing in English', () => {
    setLanguage('ja');
    try {
      const s = faultSentence({ seat: 0, rule: 'WRC-F-REVEAL-FEW', penalty: { kind: 'none' }, reason: faultReason('WRC-F-REVEAL-FEW', 'something new the judge says') }, { label, viewer: 0 });
      expect(s).toBe('ペナルティなし: WRC-F-REVEAL-FEWの反則 — 点数の変化なし');
      expect(s).not.toMatch(/[a-z]{3,}/);
    } finally {
      setLanguage('en');
    }
    // Back in English, the same fault reads in English again.
    expect(faultSentence(falseRon, { label: (s) => ['East', 'South', 'West', 'North'][s], viewer: 0, dealer: 0, chombo: { kind: 'mangan' } })).toBe(
      'Chombo: false win, hand shown: a win on a hand that is not complete — you pay 4,000 to each player; the hand is redealt',
    );
  });
});
