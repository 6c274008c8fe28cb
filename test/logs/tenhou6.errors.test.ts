import { describe, expect, it } from 'vitest';
import { parseTenhou6, serializeTenhou6, Tenhou6Error } from '@jantaku/shared/logs/tenhou6';
import { corpusFiles, corpusObjects } from './tenhou6Corpus';

const files = corpusFiles();
const gameFile = files.find((f) => f.name.startsWith('games/2010081709'))!;
/** A fresh copy of the first hand of that game as a one-hand game object (East 1, honba 0). */
const firstHand = (): any => structuredClone(corpusObjects(gameFile)[0]);

function refusal(input: unknown, file = 'x.json'): Tenhou6Error {
  try {
    parseTenhou6(input, file);
  } catch (e) {
    if (e instanceof Tenhou6Error) return e;
    throw e;
  }
  throw new Error('parsed without complaint');
}

describe('tenhou6 errors', () => {
  it('names file, hand, kyoku and field in the message', () => {
    const g = firstHand();
    g.log[0][4][3] = 10;
    const e = refusal(g);
    expect(e).toMatchObject({ file: 'x.json', line: null, hand: { index: 0, label: 'East 1, honba 0' }, field: 'log[0][4][3]' });
    expect(e.message).toBe('x.json, hand 0 (East 1, honba 0), log[0][4][3]: 10 is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)');
  });

  it.each([
    ['a hand too short', (g: any) => g.log[0].pop(), 'log[0]', /17 entries/],
    ['a haipai of 12', (g: any) => g.log[0][4].pop(), 'log[0][4]', /exactly 13/],
    ['a score that is text', (g: any) => (g.log[0][1][2] = '25000'), 'log[0][1][2]', /expected number, received string/],
    ['a draw that is an object', (g: any) => (g.log[0][5][0] = {}), 'log[0][5][0]', /tile code \(number\) or a call string/],
    ['a garbage call', (g: any) => (g.log[0][8][4] = 'p43x343'), 'log[0][8][4]', /not a call string/],
    ['a call letter out of place', (g: any) => (g.log[0][8][4] = '434p343'), 'log[0][8][4]', /not a call string/],
    ['a pon of different tiles', (g: any) => (g.log[0][8][4] = 'p434344'), 'log[0][8][4]', /do not form a pon/],
    ['a chii from toimen', (g: any) => (g.log[0][8][12] = '13c1415'), 'log[0][8][12]', /position Tenhou writes for a chii/],
    ['tsumogiri after a call', (g: any) => (g.log[0][9][4] = 60), 'log[0][9][4]', /60 \(tsumogiri\) cannot follow a pon/],
    ['0 without a daiminkan', (g: any) => (g.log[0][6][0] = 0), 'log[0][6][0]', /only in the slot of a daiminkan/],
    ['a riichi of no tile', (g: any) => (g.log[0][12][12] = 'r2'), 'log[0][12][12]', /not a riichi discard/],
    ['a kan letter in a draw list', (g: any) => (g.log[0][5][0] = '121212a12'), 'log[0][5][0]', /not a call in a draw list/],
    ['more discards than draws', (g: any) => g.log[0][6].push(11), 'log[0][6][18]', /no draw or call before it/],
    ['two draws without discards', (g: any) => g.log[0][5].push(11, 12), 'log[0][5][19]', /only the last draw/],
    ['a fifth tile', (g: any) => (g.log[0][4] = Array(13).fill(11)), 'log[0][4][4]', /a fifth 1m/],
    ['a second red five', (g: any) => (g.log[0][4][3] = 51), 'log[0][14][9]', /second red 5m/],
    ['kyoku 16', (g: any) => (g.log[0][0][0] = 16), 'log[0][0][0]', /<=15/],
    ['an unknown end', (g: any) => (g.log[0][16] = ['引き分け']), 'log[0][16][0]', /neither 和了 nor a draw name/],
    ['a win without its detail', (g: any) => g.log[0][16].pop(), 'log[0][16]', /for each winner/],
    ['a winner seat 4', (g: any) => (g.log[0][16][2][0] = 4), 'log[0][16][2][0]', /<=3/],
    ['a yaku without han', (g: any) => (g.log[0][16][2][4] = '自風 南'), 'log[0][16][2][4]', /not a yaku/],
    ['three players', (g: any) => g.name.pop(), 'name', /four player names/],
    ['a rule field of the wrong type', (g: any) => (g.rule.aka = 'yes'), 'rule.aka', /expected number/],
    ['no log', (g: any) => delete g.log, 'log', /expected array/],
  ])('refuses %s', (_, mutate, field, reason) => {
    const g = firstHand();
    mutate(g);
    const e = refusal(g);
    expect(e.field).toBe(field);
    expect(e.reason).toMatch(reason);
    if (field.startsWith('log[0]') && field !== 'log[0][0][0]') expect(e.hand).toEqual({ index: 0, label: 'East 1, honba 0' });
  });

  it('refuses input that is not JSON, by line for JSON lines', () => {
    expect(refusal('{"log": [')).toMatchObject({ field: '', line: null, reason: expect.stringMatching(/^not JSON/) });
    const lines = gameFile.text.split('\n');
    lines[2] = lines[2].slice(0, 100);
    expect(refusal(lines.join('\n'))).toMatchObject({ line: 3, reason: expect.stringMatching(/^not JSON/) });
    expect(refusal('')).toMatchObject({ reason: expect.stringMatching(/^not JSON/) });
    expect(refusal('\n\n')).toMatchObject({ reason: expect.stringMatching(/^not JSON/) });
    expect(refusal(42)).toMatchObject({ field: '', reason: expect.stringMatching(/expected object/) });
    expect(refusal(undefined)).toMatchObject({ reason: expect.stringMatching(/^not JSON data/) });
    expect(refusal(10n)).toMatchObject({ reason: expect.stringMatching(/^not JSON data/) });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(refusal(cyclic)).toMatchObject({ reason: expect.stringMatching(/^not JSON data/) });
    expect(refusal(`{"x":${'['.repeat(100000)}${']'.repeat(100000)}}\n{}`)).toBeInstanceOf(Tenhou6Error);
  });

  it('refuses JSON lines that disagree on names or rule, naming the line and the hand', () => {
    const lines = gameFile.text.split('\n').filter((l) => l.trim());
    const other = JSON.parse(lines[1]);
    other.rule.aka = 0;
    const e = refusal([lines[0], JSON.stringify(other), lines[2]].join('\n'));
    expect(e).toMatchObject({ line: 2, field: 'rule', reason: 'differs from line 1' });
    other.rule.aka = 1;
    other.name[3] = 'Eさん';
    expect(refusal([lines[0], JSON.stringify(other)].join('\n'))).toMatchObject({ line: 2, field: 'name' });
    const bad = JSON.parse(lines[3]);
    bad.log[0][4][0] = 99;
    expect(refusal([lines[0], lines[1], lines[2], JSON.stringify(bad)].join('\n')))
      .toMatchObject({ line: 4, hand: { index: 3, label: 'East 2, honba 2' }, field: 'log[0][4][0]' });
  });
});

/** mulberry32: a small seeded generator, so failures reproduce. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Path = (string | number)[];
function nodePaths(v: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (path.length) out.push(path);
  if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) nodePaths(c, [...path, Array.isArray(v) ? Number(k) : k], out);
  return out;
}

const JUNK: unknown[] = [null, true, -1, 0, 1, 10, 20, 48, 60, 99, 1.5, 1e300, '', 'x', '60', 'r', 'r99', 'r60', 'r0', 'p', 'c',
  'c131415', 'c365337', 'p434343', '4343p43', '43p4343', 'k51151515', '3636k3636', '151515a51', 'm39393939', '252552m25',
  '和了', '流局', '九種九牌', '30符', '立直(1飜)', '大三元(役満)', [], [0], [11, 12], [[]], {}, { a: 1 }];

function mutate(root: unknown, next: () => number): void {
  const paths = nodePaths(root);
  const path = paths[Math.floor(next() * paths.length)];
  const parent: any = path.slice(0, -1).reduce((o: any, k) => o[k], root);
  const key = path[path.length - 1];
  const old = parent[key];
  const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
  switch (Math.floor(next() * 6)) {
    case 0: parent[key] = structuredClone(pick(JUNK)); break;
    case 1: parent[key] = Math.floor(next() * 70); break;
    case 2: parent[key] = Array.from({ length: Math.floor(next() * 10) }, () => pick([...'0123456789cpmakr'])).join(''); break;
    case 3: if (Array.isArray(parent)) parent.splice(key as number, 1); else delete parent[key]; break;
    case 4: if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(old)); else parent[key] = [old]; break;
    default: parent[key] = typeof old === 'number' ? String(old) : typeof old === 'string' ? old.length : JSON.stringify(old);
  }
}

describe('tenhou6 fuzz', () => {
  const bases = files.flatMap(corpusObjects);

  it('mutated logs either parse losslessly or throw Tenhou6Error', () => {
    const next = rng(20240611);
    const crashes: string[] = [];
    let refused = 0;
    for (let i = 0; i < 6000; i++) {
      const input = structuredClone(bases[Math.floor(next() * bases.length)]);
      for (let m = 1 + Math.floor(next() * 3); m > 0; m--) mutate(input, next);
      try {
        const game = parseTenhou6(input, 'fuzz.json');
        const back = JSON.parse(serializeTenhou6(game));
        if (JSON.stringify(back) !== JSON.stringify(input) && !isDeepEqual(back, input)) crashes.push(`lossy: ${JSON.stringify(input)}`);
      } catch (e) {
        if (e instanceof Tenhou6Error && e.file === 'fuzz.json' && typeof e.field === 'string') refused++;
        else crashes.push(`${String(e)}: ${JSON.stringify(input)}`);
      }
    }
    expect(crashes.slice(0, 3)).toEqual([]);
    expect(refused).toBeGreaterThan(3000);
    expect(refused).toBeLessThan(6000);
  });

  it('truncated and corrupted text either parses or throws Tenhou6Error', () => {
    const next = rng(7);
    const crashes: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const f = files[Math.floor(next() * files.length)];
      const at = Math.floor(next() * f.text.length);
      const text = next() < 0.5
        ? f.text.slice(0, at)
        : f.text.slice(0, at) + '[]{}",0123456789:pckmar\n'[Math.floor(next() * 25)] + f.text.slice(at + 1);
      try {
        parseTenhou6(text, f.name);
      } catch (e) {
        if (!(e instanceof Tenhou6Error)) crashes.push(`${String(e)} at ${f.name}:${at}`);
      }
    }
    expect(crashes.slice(0, 3)).toEqual([]);
  });
});

/** Deep equality with key order ignored (serialisation writes known fields first). */
function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length
    && ka.every((k) => isDeepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
