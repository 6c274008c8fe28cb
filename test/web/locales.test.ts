import { describe, expect, it } from 'vitest';
import { en } from '../../web/src/locales/en';
import { ja } from '../../web/src/locales/ja';
import { browserLanguage, language, setLanguage } from '../../web/src/i18n';
import { tableName } from '../../web/src/tableName';
import { refusalWords } from '../../web/src/words';
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
