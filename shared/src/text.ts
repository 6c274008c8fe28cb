/**
 * User text (player and table names): what the server keeps and every client may print as it is.
 * Controls and line breaks become spaces; bidi marks, overrides and isolates, zero-width and other
 * invisible characters go; the text is NFC-normalised, its spaces collapsed and trimmed, and its
 * length counted in grapheme clusters (what a reader sees as one character).
 */

/** Controls (C0, DEL, C1: NUL, ESC, CR, LF, TAB…) and the line/paragraph separators: read as a space. */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
/**
 * Invisible characters, removed: every format character (\p{Cf}: U+200B–200F, U+202A–202E,
 * U+2060–2064, U+2066–2069, U+061C, U+FEFF, U+00AD, tags…), the combining grapheme joiner and
 * the Hangul fillers, which render as nothing.
 */
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/gu;
const SPACES = /\p{White_Space}+/gu;
/** A cluster longer than this (in UTF-16 units) is a pile of combining marks: only its first character is kept. */
const MAX_CLUSTER = 16;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export type TextRefusal = 'EMPTY' | 'TOO_LONG';

export class TextError extends Error {
  constructor(
    readonly code: TextRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'TextError';
  }
}

/** Grapheme clusters of `s`. */
export function graphemes(s: string): string[] {
  return Array.from(segmenter.segment(s), (x) => x.segment);
}

/** `s` made safe to show: see the module comment. May be empty. */
export function cleanText(s: string): string {
  const flat = s.normalize('NFC').replace(CONTROLS, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
  return graphemes(flat)
    .map((g) => (g.length > MAX_CLUSTER ? String.fromCodePoint(g.codePointAt(0)!) : g))
    .join('')
    .normalize('NFC');
}

/**
 * A name as given, cleaned (`cleanText`); throws TextError if nothing visible is left
 * (`EMPTY`) or it is longer than `max` grapheme clusters (`TOO_LONG`).
 */
export function cleanName(s: string, max: number): string {
  const out = cleanText(s);
  if (out === '') throw new TextError('EMPTY', 'has no visible character');
  const n = graphemes(out).length;
  if (n > max) throw new TextError('TOO_LONG', `is ${n} characters long (at most ${max})`);
  return out;
}

/**
 * `s` for a terminal: every character that is not printable (controls, escape sequences' ESC,
 * bidi and invisible format characters, separators) written as a visible `\u{…}` escape.
 */
export function printable(s: string): string {
  return s.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034F\u115F\u1160\u3164\uFFA0]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
