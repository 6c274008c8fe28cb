/**
 * The rule catalogue (docs/REFEREE.md §2) as typed data: the IDs against the rulebooks in
 * shared/rules/*.md, the entries against the design's tables, penalties and their wording.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, entryOf, faultReason, offlineRules, type Detect } from '@jantaku/shared/referee/catalogue';
import { RULE_IDS, RULEBOOKS, isRuleId, rulebookOf, type RuleId, type Rulebook } from '@jantaku/shared/referee/ids';
import { PENALTY_KINDS, describePenalty, type Penalty, type PenaltyKind } from '@jantaku/shared/referee/penalty';
import { makeRuleset } from '@jantaku/shared/rules/index';

const RULES_DIR = path.resolve(import.meta.dirname, '../../../shared/rules');
const DESIGN = path.resolve(import.meta.dirname, '../../docs/REFEREE.md');
const ID_RE = /\b(WRC|EMA12|RUS|WSOM)-[A-Z0-9-]*[A-Z0-9]\b/g;

/** Every rule ID the rulebook files contain, with the files it appears in. */
function rulebookIds(): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const file of readdirSync(RULES_DIR).filter((f) => f.endsWith('.md')).sort()) {
    const text = readFileSync(path.join(RULES_DIR, file), 'utf8');
    for (const m of text.matchAll(ID_RE)) ids.set(m[0], [...new Set([...(ids.get(m[0]) ?? []), file])]);
  }
  return ids;
}

const design = readFileSync(DESIGN, 'utf8');
const section = (from: string, to: string): string => {
  const a = design.indexOf(from);
  const b = design.indexOf(to, a);
  if (a < 0 || b < 0) throw new Error(`docs/REFEREE.md: section "${from}" not found`);
  return design.slice(a, b);
};

/** The rows of the §2 tables: ID → { reason, penalty, detected, state, online } cells. */
interface DocRow {
  reason: string;
  penalty: string;
  detected: string;
  online: string;
}
function designRows(): Map<string, DocRow> {
  const rows = new Map<string, DocRow>();
  for (const line of section('## 2. The catalogue', '## 3. Penalty mechanics').split('\n')) {
    const m = /^\| `([A-Z0-9-]+)` \| (.*) \|$/.exec(line);
    if (!m) continue;
    const cells = m[2].split(' | ');
    expect(cells, `row ${m[1]} has 5 cells after the ID`).toHaveLength(5);
    rows.set(m[1], { reason: cells[0], penalty: cells[1], detected: cells[2], online: cells[4] });
  }
  return rows;
}

/** The penalty kind a §2 penalty cell names, or null when it names none (definitions, rules of play, per case). */
function kindOfCell(cell: string): PenaltyKind | null {
  if (/discretion|^pts\(referee\)/.test(cell)) return 'discretion';
  if (/^pts\(/.test(cell)) return 'points';
  if (/^tiles\(/.test(cell)) return 'penaltyTiles';
  if (/^DQ\b/.test(cell)) return 'disqualification';
  if (/^none\b/.test(cell)) return 'none';
  if (/^warn\b/.test(cell)) return 'warning';
  if (/^dead\b/.test(cell)) return 'deadHand';
  if (/^chombo\b/.test(cell) && !/^chombo (cancelled|replaces)/.test(cell)) return 'chombo';
  if (/^substitute\b/.test(cell)) return 'substitute';
  if (/^redeal$/.test(cell)) return 'redeal';
  if (/auto-played for the rest/.test(cell)) return 'resign';
  return null;
}

/**
 * Where the catalogue's penalty kind differs from the word of the §2 penalty cell, and why.
 * Each is reported; none changes a penalty a player would get.
 */
const DESIGN_DEVIATIONS: Partial<Record<RuleId, { doc: PenaltyKind | null; why: string }>> = {
  'WRC-P-POINTS': { doc: 'points', why: 'definition of the penalty kind: the amount is set by the rule that gives it, so no penalty of its own' },
  'WRC-P-CHOMBO': { doc: 'points', why: "the kind is chombo; its 20 points come from the ruleset's chombo field" },
  'WRC-F-INVALID-GROUP': { doc: null, why: "the rulebook's dead hand, given by a referee's hand (D5); online the fault opens a correction" },
  'WRC-F-CHANGE-CALL': { doc: null, why: '"second answer refused": a fault with no penalty' },
  'WRC-F-RIICHI-NO-STICK': { doc: null, why: 'rulebook: "no penalty, must be corrected" (n/a online)' },
  'WRC-F-RIICHI-NOT-SAID': { doc: null, why: 'rulebook: "no penalty" (n/a online)' },
  'WRC-F-RIICHI-NOT-TURNED': { doc: null, why: 'rulebook: "no penalty, must be corrected" (n/a online)' },
  'WRC-F-MISSED-LATE-CAP': { doc: null, why: '"cap at 30": 30 penalty points in all' },
  'EMA12-CHOMBO-REDEAL': { doc: null, why: 'the chombo rule itself ("severe offences are punished by chombo")' },
  'EMA12-CHOMBO-PAY': { doc: null, why: "the chombo's size (8,000 / 12,000) comes from the ruleset's chombo field" },
  'RUS-CHOMBO': { doc: null, why: 'mangan-sized chombo: the size comes from the ruleset (D18)' },
  'WSOM-SET-WRONG-LATE': { doc: null, why: 'rulebook: "the hand is dead (cannot win)" (n/a online)' },
};

const kindOf = (p: Penalty | null): PenaltyKind | null => (p === null ? null : p.kind);

describe('rule IDs', () => {
  it('RULE_IDS is exactly the set of IDs in shared/rules/*.md: none missing, none extra', () => {
    const found = rulebookIds();
    expect(found.size).toBeGreaterThan(0);
    const missing = [...found.keys()].filter((id) => !(RULE_IDS as readonly string[]).includes(id));
    const extra = RULE_IDS.filter((id) => !found.has(id));
    expect(missing, 'IDs in the rulebooks but not in RULE_IDS').toEqual([]);
    expect(extra, 'IDs in RULE_IDS but in no rulebook').toEqual([]);
  });

  it('RULE_IDS has no duplicates and counts 146: 57 WRC, 36 EMA12, 29 RUS, 24 WSOM', () => {
    expect(new Set(RULE_IDS).size).toBe(RULE_IDS.length);
    expect(RULE_IDS).toHaveLength(146);
    const count = (b: Rulebook) => RULE_IDS.filter((id) => rulebookOf(id) === b).length;
    expect(RULEBOOKS.map(count)).toEqual([57, 36, 29, 24]);
  });

  it('each ID is defined in the rulebook file of its prefix', () => {
    const file: Record<Rulebook, string> = { wrc: 'wrc2015.md', ema12: 'ema2012.md', russian: 'russian.md', wsom: 'wsom.md' };
    const found = rulebookIds();
    for (const id of RULE_IDS) expect(found.get(id), id).toContain(file[rulebookOf(id)]);
  });

  it('RULE_IDS follows the order of the §2 tables of docs/REFEREE.md', () => {
    expect(RULE_IDS).toEqual([...designRows().keys()]);
  });

  it('every rule ID docs/REFEREE.md names is a catalogue ID', () => {
    const named = [...new Set([...design.matchAll(ID_RE)].map((m) => m[0]))];
    expect(named.filter((id) => !isRuleId(id))).toEqual([]);
  });

  it('rulebookOf reads the prefix; isRuleId accepts only catalogue IDs', () => {
    expect(rulebookOf('WRC-F-KUIKAE')).toBe('wrc');
    expect(rulebookOf('EMA12-MINOR')).toBe('ema12');
    expect(rulebookOf('RUS-CHOMBO-J-REPEAT')).toBe('russian');
    expect(rulebookOf('WSOM-TIME-RESIGN')).toBe('wsom');
    expect(isRuleId('WRC-F-KUIKAE')).toBe(true);
    expect(isRuleId('WRC-F-FALSE-WIN')).toBe(false);
    expect(isRuleId('wrc-f-kuikae')).toBe(false);
    expect(() => rulebookOf('WRC-F-NOPE' as RuleId)).toThrow(/unknown rule ID/);
  });
});

describe('catalogue entries', () => {
  const rows = designRows();

  it('CATALOGUE has one entry per ID, in RULE_IDS order, with the rulebook of its prefix', () => {
    expect(Object.keys(CATALOGUE)).toEqual([...RULE_IDS]);
    for (const id of RULE_IDS) expect(CATALOGUE[id].rulebook, id).toBe(rulebookOf(id));
  });

  it('every entry has a title and a one-line reason, without surrounding spaces, ending with a full stop', () => {
    for (const id of RULE_IDS) {
      const { title, reason } = CATALOGUE[id];
      expect(title.length, `${id} title`).toBeGreaterThan(0);
      expect(title, `${id} title`).toBe(title.trim());
      expect(reason.length, `${id} reason`).toBeGreaterThan(0);
      expect(reason, `${id} reason`).toBe(reason.trim());
      expect(reason, `${id} reason`).not.toMatch(/[\n\r]/);
      expect(reason, `${id} reason`).toMatch(/\.$/);
      expect(reason, `${id} reason is not a placeholder`).not.toMatch(/^\(/);
    }
  });

  it('reasons are those of docs/REFEREE.md §2 (rows whose cell is a parenthesised placeholder are written from the rulebook)', () => {
    for (const id of RULE_IDS) {
      const doc = rows.get(id)!.reason;
      if (/^\(.*\)$/.test(doc)) continue;
      expect(CATALOGUE[id].reason, id).toBe(doc);
    }
  });

  it('every offline rule says why, every online rule does not; offlineRules lists exactly the offline ones in order', () => {
    for (const id of RULE_IDS) {
      const e = CATALOGUE[id];
      if (e.online) expect(e.whyNotOnline, id).toBeUndefined();
      else {
        expect(typeof e.whyNotOnline, id).toBe('string');
        expect(e.whyNotOnline!.trim().length, id).toBeGreaterThan(10);
        expect(e.whyNotOnline, id).toBe(e.whyNotOnline!.trim());
      }
    }
    const off = offlineRules();
    expect(off.map((r) => r.id)).toEqual(RULE_IDS.filter((id) => !CATALOGUE[id].online));
    for (const r of off) expect(r.whyNotOnline).toBe(CATALOGUE[r.id].whyNotOnline);
  });

  it('offline = "manual" or "n/a" in the online column of §2; clientDraws = "auto·cd"', () => {
    for (const id of RULE_IDS) {
      const online = rows.get(id)!.online;
      expect(CATALOGUE[id].online, id).toBe(!/^(manual|n\/a)/.test(online));
      expect(CATALOGUE[id].clientDraws === true, id).toBe(/^auto·cd/.test(online));
    }
  });

  it('detection: n/a rows are never detected, manual rows by a referee, engine-only rows by the engine', () => {
    for (const id of RULE_IDS) {
      const online = rows.get(id)!.online;
      const { detect } = CATALOGUE[id];
      expect(detect.length, id).toBeGreaterThan(0);
      expect(new Set(detect).size, id).toBe(detect.length);
      if (/^n\/a/.test(online)) expect(detect, id).toEqual(['never']);
      else expect(detect, id).not.toContain('never');
      if (/^manual/.test(online)) expect(detect, id).toContain('referee');
      if (/^engine(?! \+)/.test(online)) expect(detect, id).toEqual(['engine']);
      // An online rule has a moment the server sees by itself.
      if (CATALOGUE[id].online) expect(detect.some((d) => d !== 'referee'), id).toBe(true);
    }
  });

  it('deferred rules are judged where §1.5 says: WRC at his win or the exhaustive draw, EMA12 and RUS at any draw', () => {
    const at = (id: RuleId) => [...CATALOGUE[id].detect].sort();
    expect(at('WRC-F-RIICHI-NOTEN')).toEqual(['exhaustiveDraw', 'win']);
    expect(at('WRC-F-RIICHI-BAD-ANKAN')).toEqual(['exhaustiveDraw', 'win']);
    expect(at('EMA12-CHOMBO-NOTEN-RIICHI')).toEqual(['anyDraw']);
    expect(at('EMA12-CHOMBO-BAD-ANKAN')).toEqual(['anyDraw', 'win']);
    expect(at('RUS-CHOMBO-C')).toEqual(['anyDraw']);
    expect(at('RUS-CHOMBO-D')).toEqual(['declaration']);
    expect(at('WRC-F-KUIKAE')).toEqual(['discard']);
  });

  it('penalty kinds agree with the penalty column of §2, except the listed deviations', () => {
    const mismatches: string[] = [];
    for (const id of RULE_IDS) {
      const doc = kindOfCell(rows.get(id)!.penalty);
      const mine = kindOf(CATALOGUE[id].penalty);
      const dev = DESIGN_DEVIATIONS[id];
      if (dev !== undefined) {
        expect(doc, `${id}: the documented deviation is stale`).toBe(dev.doc);
        expect(mine, `${id}: the documented deviation is stale`).not.toBe(doc);
      } else if (doc !== mine) mismatches.push(`${id}: doc ${doc}, catalogue ${mine}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('every "ID penalty" pair in the fault table of §1.5 agrees with the catalogue', () => {
    const table = section('### 1.5 The fault table', '### 1.6');
    const pair = /\b((?:WRC|EMA12|RUS|WSOM)-[A-Z0-9-]*[A-Z0-9]) (none|warn|dead|chombo|DQ|pts\((\d+)\)|tiles\(([^)]*)\))(?![A-Za-z])/g;
    const expected = (word: string, n?: string, t?: string): Penalty => {
      if (word === 'none') return { kind: 'none' };
      if (word === 'warn') return { kind: 'warning' };
      if (word === 'dead') return { kind: 'deadHand' };
      if (word === 'chombo') return { kind: 'chombo' };
      if (word === 'DQ') return { kind: 'disqualification' };
      if (n !== undefined) return { kind: 'points', points: Number(n) };
      return { kind: 'penaltyTiles', tiles: t === 'all concealed' ? 'allConcealed' : Number(t) };
    };
    let seen = 0;
    for (const m of table.matchAll(pair)) {
      const id = m[1];
      expect(isRuleId(id), id).toBe(true);
      expect(CATALOGUE[id as RuleId].penalty, `${id} ${m[2]}`).toEqual(expected(m[2], m[3], m[4]));
      seen++;
    }
    expect(seen).toBeGreaterThanOrEqual(40);
  });

  it('penalties are well formed', () => {
    for (const id of RULE_IDS) {
      const p = CATALOGUE[id].penalty;
      if (p === null) continue;
      expect(PENALTY_KINDS, id).toContain(p.kind);
      if (p.kind === 'points') {
        expect(Number.isInteger(p.points) && p.points > 0, id).toBe(true);
        if (p.per) expect(p.per.unitMs, id).toBeGreaterThan(0);
      }
      if (p.kind === 'penaltyTiles' && typeof p.tiles === 'number') expect(p.tiles, id).toBeGreaterThan(0);
      if (p.kind === 'discretion' && p.range) for (const k of p.range) expect(PENALTY_KINDS.filter((x) => x !== 'discretion'), id).toContain(k);
    }
  });

  it('headings list cases of their own rulebook; a heading without a penalty has cases that carry one; its moments cover theirs', () => {
    for (const id of RULE_IDS) {
      const e = CATALOGUE[id];
      if (!e.cases) continue;
      expect(e.cases.length, id).toBeGreaterThan(0);
      expect(new Set(e.cases).size, id).toBe(e.cases.length);
      for (const c of e.cases) {
        expect(isRuleId(c), `${id} → ${c}`).toBe(true);
        expect(c, id).not.toBe(id);
        expect(rulebookOf(c), `${id} → ${c}`).toBe(e.rulebook);
        for (const d of CATALOGUE[c].detect) if (d !== 'never') expect(e.detect as readonly Detect[], `${id} ⊇ ${c}`).toContain(d);
      }
      if (e.penalty === null) expect(e.cases.some((c) => CATALOGUE[c].penalty !== null), id).toBe(true);
    }
    // The rulebooks' own headings and lists.
    expect(CATALOGUE['WRC-F-FALSE-CALL'].cases).toEqual([
      'WRC-F-FALSE-CALL-MELD',
      'WRC-F-FALSE-CALL-ANKAN',
      'WRC-F-FALSE-CALL-RIICHI',
      'WRC-F-FALSE-WIN-HIDDEN',
      'WRC-F-FALSE-WIN-REVEALED',
    ]);
    expect(CATALOGUE['EMA12-DEAD-LIST'].cases).toEqual(['EMA12-DEAD-TILE-COUNT', 'EMA12-DEAD-REVEAL', 'EMA12-DEAD-INVALID-MELD']);
    expect(CATALOGUE['RUS-DEAD'].cases).toEqual(RULE_IDS.filter((id) => /^RUS-DEAD-[A-I]$/.test(id)));
    expect(CATALOGUE['RUS-CHOMBO'].cases).toEqual(RULE_IDS.filter((id) => id.startsWith('RUS-CHOMBO-')));
  });

  it('the catalogue is frozen', () => {
    expect(Object.isFrozen(CATALOGUE)).toBe(true);
    expect(Object.isFrozen(CATALOGUE['WRC-F-KUIKAE'])).toBe(true);
    expect(entryOf('WRC-F-KUIKAE')).toBe(CATALOGUE['WRC-F-KUIKAE']);
    expect(() => entryOf('NOT-A-RULE' as RuleId)).toThrow(/unknown rule ID/);
  });
});

describe('penalties of key rules (docs/REFEREE.md §1.5, §2)', () => {
  const NONE: Penalty = { kind: 'none' };
  const DEAD: Penalty = { kind: 'deadHand' };
  const CHOMBO: Penalty = { kind: 'chombo' };
  const cases: [title: string, id: RuleId, penalty: Penalty | null, online?: boolean][] = [
    // WRC
    ['WRC-F-KUIKAE: dead hand', 'WRC-F-KUIKAE', DEAD],
    ['WRC-F-FALSE-WIN-REVEALED: chombo', 'WRC-F-FALSE-WIN-REVEALED', CHOMBO],
    ['WRC-F-FALSE-WIN-HIDDEN: dead hand', 'WRC-F-FALSE-WIN-HIDDEN', DEAD],
    ['WRC-F-CALL-WHILE-DEAD-ANNOUNCED: 20 points', 'WRC-F-CALL-WHILE-DEAD-ANNOUNCED', { kind: 'points', points: 20 }],
    ['WRC-F-CALL-WHILE-DEAD-UNANNOUNCED: no penalty, only through a referee', 'WRC-F-CALL-WHILE-DEAD-UNANNOUNCED', NONE, false],
    ['WRC-F-FALSE-CALL-MELD: no penalty', 'WRC-F-FALSE-CALL-MELD', NONE],
    ['WRC-F-FALSE-CALL-ANKAN: no penalty', 'WRC-F-FALSE-CALL-ANKAN', NONE],
    ['WRC-F-FALSE-CALL-RIICHI: no penalty', 'WRC-F-FALSE-CALL-RIICHI', NONE],
    ['WRC-F-RIICHI-OPEN-HAND: no penalty', 'WRC-F-RIICHI-OPEN-HAND', NONE],
    ['WRC-F-RIICHI-NOTEN: chombo', 'WRC-F-RIICHI-NOTEN', CHOMBO],
    ['WRC-F-RIICHI-BAD-ANKAN: chombo', 'WRC-F-RIICHI-BAD-ANKAN', CHOMBO],
    ['WRC-F-WRONG-COUNT: dead hand', 'WRC-F-WRONG-COUNT', DEAD],
    ['WRC-F-CLAIM-NOT-TAKEN: dead hand in the rulebook; not applicable online (the server moves claimed tiles)', 'WRC-F-CLAIM-NOT-TAKEN', DEAD, false],
    ['WRC-F-REVEAL-FEW: no penalty', 'WRC-F-REVEAL-FEW', NONE],
    ['WRC-F-REVEAL-UNFAIR: chombo, by a referee', 'WRC-F-REVEAL-UNFAIR', CHOMBO, false],
    ['WRC-P-CHOMBO: chombo', 'WRC-P-CHOMBO', CHOMBO],
    ['WRC-F-CHEAT: disqualification', 'WRC-F-CHEAT', { kind: 'disqualification' }, false],
    ['WRC-F-PHONE: penalty points at the referee\'s discretion', 'WRC-F-PHONE', { kind: 'discretion', range: ['points'] }, false],
    ['WRC-F-LATE-1-10: 1 point per started minute', 'WRC-F-LATE-1-10', { kind: 'points', points: 1, per: { unitMs: 60_000, of: 'lateness' } }],
    ['WRC-F-LATE-OVER-10: substitute', 'WRC-F-LATE-OVER-10', { kind: 'substitute' }],
    ['WRC-F-MISSED-PENALTY: 30 points (D24)', 'WRC-F-MISSED-PENALTY', { kind: 'points', points: 30 }],
    ['WRC-F-WRONG-TERM: not a fault, not online', 'WRC-F-WRONG-TERM', null, false],
    // EMA12
    ['EMA12-CHOMBO-FALSE-WIN: chombo', 'EMA12-CHOMBO-FALSE-WIN', CHOMBO],
    ['EMA12-CHOMBO-NOTEN-RIICHI: chombo', 'EMA12-CHOMBO-NOTEN-RIICHI', CHOMBO],
    ['EMA12-CHOMBO-BAD-ANKAN: chombo', 'EMA12-CHOMBO-BAD-ANKAN', CHOMBO],
    ['EMA12-CHOMBO-CLAIM-DEAD: chombo', 'EMA12-CHOMBO-CLAIM-DEAD', CHOMBO],
    ['EMA12-DEAD-INVALID-MELD: dead hand', 'EMA12-DEAD-INVALID-MELD', DEAD],
    ['EMA12-DEAD-TILE-COUNT: dead hand', 'EMA12-DEAD-TILE-COUNT', DEAD],
    ['EMA12-MINOR: no penalty', 'EMA12-MINOR', NONE],
    ['EMA12-DEAD-REVEAL: dead hand, by a referee', 'EMA12-DEAD-REVEAL', DEAD, false],
    ['EMA12-FURITEN: a rule of play, not a fault', 'EMA12-FURITEN', null],
    // RUS
    ['RUS-CHOMBO-G: chombo', 'RUS-CHOMBO-G', CHOMBO],
    ['RUS-DEAD-H: dead hand', 'RUS-DEAD-H', DEAD],
    ['RUS-CHOMBO-F: chombo', 'RUS-CHOMBO-F', CHOMBO],
    ['RUS-WARN: warning', 'RUS-WARN', { kind: 'warning' }],
    ['RUS-WARN-SECOND-IS-DEAD: dead hand', 'RUS-WARN-SECOND-IS-DEAD', DEAD],
    ['RUS-DEAD-G: dead hand', 'RUS-DEAD-G', DEAD],
    ['RUS-CHOMBO-C: chombo', 'RUS-CHOMBO-C', CHOMBO],
    ['RUS-CHOMBO-D: chombo', 'RUS-CHOMBO-D', CHOMBO],
    ['RUS-CHOMBO-E: chombo', 'RUS-CHOMBO-E', CHOMBO],
    ['RUS-CHOMBO-H: chombo', 'RUS-CHOMBO-H', CHOMBO],
    ['RUS-SPECIAL-BAD-CALL: no penalty beyond losing the call', 'RUS-SPECIAL-BAD-CALL', NONE],
    ['RUS-CHOMBO-I: chombo or nothing at the referee\'s discretion', 'RUS-CHOMBO-I', { kind: 'discretion', range: ['chombo'] }, false],
    ['RUS-CHOMBO-J-REPEAT: disqualification and a ban for the year', 'RUS-CHOMBO-J-REPEAT', { kind: 'disqualification', ban: 'currentYear' }, false],
    ['RUS-DEAD-D: dead hand, not applicable online', 'RUS-DEAD-D', DEAD, false],
    // WSOM
    ['WSOM-FALSE-WIN-REVEALED: every concealed tile becomes a penalty tile', 'WSOM-FALSE-WIN-REVEALED', { kind: 'penaltyTiles', tiles: 'allConcealed' }],
    ['WSOM-WIN-CANCEL: 3 penalty tiles', 'WSOM-WIN-CANCEL', { kind: 'penaltyTiles', tiles: 3 }],
    ['WSOM-CLAIM-CANCEL: 2 penalty tiles', 'WSOM-CLAIM-CANCEL', { kind: 'penaltyTiles', tiles: 2 }],
    ['WSOM-CLAIM-FIXED-AT-ONCE: the wrongly exposed tiles', 'WSOM-CLAIM-FIXED-AT-ONCE', { kind: 'penaltyTiles', tiles: 'wronglyExposed' }],
    ['WSOM-CLAIM-CHANGE: no penalty', 'WSOM-CLAIM-CHANGE', NONE],
    ['WSOM-KAN-CANCEL: no penalty', 'WSOM-KAN-CANCEL', NONE],
    ['WSOM-LONG: dead hand', 'WSOM-LONG', DEAD],
    ['WSOM-SHORT: dead hand', 'WSOM-SHORT', DEAD],
    ['WSOM-TIME-TURN: 5 points per started 15 s', 'WSOM-TIME-TURN', { kind: 'points', points: 5, per: { unitMs: 15_000, of: 'overrun' } }],
    ['WSOM-TIME-HAND: 5 points per started 15 s', 'WSOM-TIME-HAND', { kind: 'points', points: 5, per: { unitMs: 15_000, of: 'overrun' } }],
    ['WSOM-TIME-RESIGN: resignation', 'WSOM-TIME-RESIGN', { kind: 'resign' }],
    ['WSOM-CHECK-WIN: not a fault, not online', 'WSOM-CHECK-WIN', null, false],
  ];

  it.each(cases)('%s', (_title, id, penalty, online = true) => {
    expect(CATALOGUE[id].penalty).toEqual(penalty);
    expect(CATALOGUE[id].online).toBe(online);
  });

  it('covers at least 25 IDs across the four rulebooks', () => {
    const ids = new Set(cases.map((c) => c[1]));
    expect(ids.size).toBe(cases.length);
    expect(ids.size).toBeGreaterThanOrEqual(25);
    expect(new Set([...ids].map(rulebookOf))).toEqual(new Set(RULEBOOKS));
  });
});

describe('describePenalty', () => {
  const wrc = makeRuleset('wrc2015');
  const ema = makeRuleset('ema2012');
  const rus = makeRuleset('russian');
  const tenhou = makeRuleset('tenhou');

  it('WRC-P-CHOMBO: 20 penalty points and a redeal under wrc2015, from the ruleset', () => {
    expect(describePenalty(CATALOGUE['WRC-F-FALSE-WIN-REVEALED'].penalty!, wrc)).toBe('chombo: 20 penalty points, hand redealt');
    expect(describePenalty({ kind: 'chombo' }, makeRuleset('wrc2015', { chombo: { kind: 'globalPoints', points: 8 } }))).toBe(
      'chombo: 8 penalty points, hand redealt',
    );
  });

  it('EMA12-CHOMBO-PAY / RUS-CHOMBO: a mangan payment and a redeal', () => {
    expect(describePenalty(CATALOGUE['EMA12-CHOMBO-FALSE-WIN'].penalty!, ema)).toBe('chombo: mangan payment, hand redealt');
    expect(describePenalty(CATALOGUE['RUS-CHOMBO-G'].penalty!, rus)).toBe('chombo: mangan payment, hand redealt');
  });

  it('a chombo without a ruleset, and under a ruleset that prevents faults', () => {
    expect(describePenalty({ kind: 'chombo' })).toBe('chombo, hand redealt');
    expect(describePenalty({ kind: 'chombo' }, tenhou)).toMatch(/^chombo \(/);
  });

  it('every other kind in words', () => {
    expect(describePenalty({ kind: 'none' })).toBe('no penalty');
    expect(describePenalty({ kind: 'warning' })).toBe('warning');
    expect(describePenalty({ kind: 'deadHand' })).toBe('dead hand');
    expect(describePenalty(CATALOGUE['WRC-F-CALL-WHILE-DEAD-ANNOUNCED'].penalty!)).toBe('20 penalty points');
    expect(describePenalty({ kind: 'points', points: 1 })).toBe('1 penalty point');
    expect(describePenalty(CATALOGUE['WRC-F-LATE-1-10'].penalty!)).toBe('1 penalty point per started minute late');
    expect(describePenalty(CATALOGUE['WSOM-TIME-TURN'].penalty!)).toBe('5 penalty points per started 15 seconds over the limit');
    expect(describePenalty(CATALOGUE['WSOM-WIN-CANCEL'].penalty!)).toBe('3 penalty tiles');
    expect(describePenalty({ kind: 'penaltyTiles', tiles: 1 })).toBe('1 penalty tile');
    expect(describePenalty(CATALOGUE['WSOM-FALSE-WIN-REVEALED'].penalty!)).toBe('every concealed tile becomes a penalty tile');
    expect(describePenalty(CATALOGUE['WSOM-CLAIM-FIXED-AT-ONCE'].penalty!)).toBe('the wrongly exposed tiles become penalty tiles');
    expect(describePenalty(CATALOGUE['WRC-F-CHEAT'].penalty!)).toBe('disqualification');
    expect(describePenalty(CATALOGUE['RUS-CHOMBO-J-REPEAT'].penalty!)).toBe('disqualification and a ban from tournaments for the current year');
    expect(describePenalty(CATALOGUE['WRC-F-LATE-OVER-10'].penalty!)).toBe('replaced by a substitute for the hanchan');
    expect(describePenalty(CATALOGUE['WSOM-TIME-RESIGN'].penalty!)).toBe('deemed to have resigned: the seat is auto-played');
    expect(describePenalty(CATALOGUE['WRC-F-REVEAL-DEAL'].penalty!)).toBe('hand redealt, no penalty');
    expect(describePenalty(CATALOGUE['WRC-F-OBSTRUCTION'].penalty!)).toBe("penalty at the referee's discretion");
    expect(describePenalty(CATALOGUE['WRC-F-PHONE'].penalty!)).toBe("at the referee's discretion: penalty points");
    expect(describePenalty(CATALOGUE['RUS-CHOMBO-K'].penalty!)).toBe("at the referee's discretion: chombo");
  });

  it('every catalogue penalty is described in one non-empty line', () => {
    for (const id of RULE_IDS) {
      const p = CATALOGUE[id].penalty;
      if (p === null) continue;
      for (const rules of [undefined, wrc, ema]) {
        const s = describePenalty(p, rules);
        expect(s.length, id).toBeGreaterThan(0);
        expect(s, id).toBe(s.trim());
        expect(s, id).not.toMatch(/\n|undefined|NaN/);
      }
    }
  });
});

describe('faultReason', () => {
  it('WRC-F-KUIKAE: the ID, then the catalogue reason', () => {
    expect(faultReason('WRC-F-KUIKAE')).toBe('WRC-F-KUIKAE: Swap-call (kuikae): dead hand; the discard stands.');
  });

  it('WRC-F-KUIKAE: with a detail, the detail first, as one sentence', () => {
    expect(faultReason('WRC-F-KUIKAE', 'you discarded 5m right after calling pon on 5m')).toBe(
      'WRC-F-KUIKAE: you discarded 5m right after calling pon on 5m. Swap-call (kuikae): dead hand; the discard stands.',
    );
    expect(faultReason('RUS-CHOMBO-G', '  you ron 3p\nwhile furiten on it.  ')).toBe(
      'RUS-CHOMBO-G: you ron 3p while furiten on it. Ron while furiten or temporarily furiten: chombo.',
    );
    expect(faultReason('EMA12-MINOR', '   ')).toBe('EMA12-MINOR: Minor irregularity: no penalty.');
  });

  it('is one line without trailing space for every ID, and refuses unknown IDs', () => {
    for (const id of RULE_IDS) {
      const s = faultReason(id, 'detail');
      expect(s.startsWith(`${id}: detail. `), id).toBe(true);
      expect(s, id).toBe(s.trim());
      expect(s, id).not.toMatch(/\n/);
    }
    expect(() => faultReason('WRC-F-NOTHING' as RuleId)).toThrow(/unknown rule ID/);
  });
});
