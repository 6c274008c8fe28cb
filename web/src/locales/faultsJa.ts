/**
 * What happened in a fault, in Japanese. The referee's reason is an English phrase from the
 * server (shared/src/referee/judge.ts), "false win, hand shown: a win without yaku"; each part of
 * it between ": " is looked up here. A phrase not known here is not shown half in English: the
 * sentence names the rule's ID instead (its text is at #/rules/ID).
 */

/** Whole parts, as the judge writes them. */
const PARTS: Readonly<Record<string, string>> = {
  'ron on your own discard': '自分の捨て牌でロン',
  'ron while furiten': 'フリテンでロン',
  'a win without yaku': '役なしで和了',
  'a win on a hand that is not complete': '不完全な手で和了',
  'false win, hand shown': '誤和了（手牌公開）',
  'false win, hand kept concealed': '誤和了（手牌非公開）',
  'invalid win declaration': '誤った和了宣言',
  'win cancelled before showing': '手牌公開前に和了を取り消し',
  'ron or tsumo while not tenpai, hand shown': 'ノーテンでロン・ツモ（手牌公開）',
  'ron or tsumo while not tenpai, hand kept concealed': 'ノーテンでロン・ツモ（手牌非公開）',
  'riichi on a hand that is not tenpai': 'ノーテンリーチ',
  'riichi with an open hand': '鳴いた手でリーチ',
  'riichi that cannot be made': 'できないリーチ',
  cancelled: '取り消し',
  'swap-call discard (kuikae)': '喰い替え',
  'the called tile or its swap': '鳴いた牌またはその筋の牌を打牌',
  'an incorrect kan in riichi': 'リーチ後の誤ったカン',
  'a concealed kan in riichi that changes the waits': 'リーチ後に待ちが変わる暗槓',
  'a kan that cannot be made': 'できないカン',
  'a kan that is not allowed': '許されないカン',
  'a kan that cannot be made is cancelled, no penalty': 'できないカンは取り消し（ペナルティなし）',
  'a call that leaves only swap-call discards': '喰い替えしか打てなくなる鳴き',
  'the call is lost': '鳴きは無効',
  'a call cannot be changed': '鳴きは変更できません',
  'changing the hand in riichi': 'リーチ後の手替わり',
  'in riichi only the drawn tile may be discarded': 'リーチ後はツモ切りのみ',
  'a draw out of turn': '順番外のツモ',
  'a second draw in one turn': '1巡に2回ツモ',
  'a discard without drawing (short hand)': 'ツモらずに打牌（少牌）',
  'a discard out of turn (short hand)': '順番外の打牌（少牌）',
  'skipping a turn': 'ツモ飛ばし',
};

const CALLS: Readonly<Record<string, string>> = { ron: 'ロン', tsumo: 'ツモ', chii: 'チー', pon: 'ポン', kan: 'カン', daiminkan: 'カン', shouminkan: 'カン', ankan: 'カン', kyuushu: '九種九牌' };

/** Parts that name the call: "pon with a dead hand". */
const CALL_PARTS: [RegExp, (call: string) => string][] = [
  [/^(\w+) with a dead hand$/, (c) => `アガリ放棄中に${c}`],
  [/^(\w+) with a dead hand, hand shown$/, (c) => `アガリ放棄中に${c}（手牌公開）`],
  [/^an? (\w+) that cannot be (?:carried out|made)$/, (c) => `できない${c}`],
  [/^an? (\w+) that is not allowed$/, (c) => `許されない${c}`],
  [/^an invalid (\w+)$/, (c) => `誤った${c}`],
  [/^your (\w+) stands$/, (c) => `最初の${c}が有効`],
];

function part(p: string): string | undefined {
  const whole = PARTS[p];
  if (whole) return whole;
  for (const [re, say] of CALL_PARTS) {
    const m = re.exec(p);
    const call = m ? CALLS[m[1]] : undefined;
    if (call) return say(call);
  }
  return undefined;
}

/** The reason's parts in Japanese, up to the first one not known here; else the rule's ID. */
export function whatHappenedJa(english: string, rule: string): string {
  const out: string[] = [];
  for (const p of english.split(': ')) {
    const ja = part(p.trim());
    if (ja === undefined) break;
    out.push(ja);
  }
  return out.length ? out.join('：') : `${rule}の反則`;
}
