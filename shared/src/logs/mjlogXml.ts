/**
 * The little XML that mjlog is: one root `<mjloggm>` holding a flat run of empty elements
 * (`<INIT seed="…" …/>`, `<T12/>`, `<N who="1" m="…"/>`), no text, no nesting. Read here by a
 * tag scanner rather than a general XML library: a DOM would need a browser or a dependency
 * to give back what the scanner does (the tags in order with their attributes), and a strict
 * scanner refuses what is not mjlog (any text between tags, a bad attribute, an unclosed tag)
 * with the offset where it stopped.
 */

export interface MjlogTag {
  name: string;
  attrs: Record<string, string>;
  /** Offset of the `<` in the text, for error messages. */
  at: number;
}

/** An mjlog that cannot be read, with where (an offset, or the tag) and why. */
export class MjlogError extends Error {
  constructor(
    readonly at: number | null,
    readonly reason: string,
  ) {
    super(at === null ? reason : `at ${at}: ${reason}`);
    this.name = 'MjlogError';
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(value: string, at: number): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);|&/gi, (all, name: string | undefined) => {
    if (name === undefined) throw new MjlogError(at, 'a bare & in an attribute value');
    if (name[0] === '#') {
      const cp = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (cp > 0x10ffff) throw new MjlogError(at, `character reference ${all} is out of range`);
      return String.fromCodePoint(cp);
    }
    const ch = ENTITIES[name];
    if (ch === undefined) throw new MjlogError(at, `unknown entity ${all}`);
    return ch;
  });
}

/** Minimal escaping for attribute values (Tenhou's own are digits, commas and %XX). */
export const escapeAttr = (v: string): string => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const TAG = /<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const ATTR = /([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The tags inside `<mjloggm>` in order, the root's attributes with them. */
export function scanMjlog(xml: string): { root: Record<string, string>; tags: MjlogTag[] } {
  let i = 0;
  const skip = () => {
    for (;;) {
      while (i < xml.length && /\s/.test(xml[i])) i++;
      if (xml.startsWith('<?', i) || xml.startsWith('<!--', i)) {
        const end = xml.indexOf(xml.startsWith('<?', i) ? '?>' : '-->', i);
        if (end < 0) throw new MjlogError(i, 'an unclosed declaration or comment');
        i = end + (xml.startsWith('<?', i) ? 2 : 3);
      } else return;
    }
  };
  const tag = (): MjlogTag & { empty: boolean } => {
    TAG.lastIndex = i;
    const m = TAG.exec(xml);
    if (!m) throw new MjlogError(i, xml.startsWith('<', i) ? 'a malformed tag' : 'text outside a tag');
    const at = i;
    i = TAG.lastIndex;
    const attrs: Record<string, string> = Object.create(null);
    for (const a of m[2].matchAll(ATTR)) {
      if (a[1] in attrs) throw new MjlogError(at, `attribute ${a[1]} twice in <${m[1]}>`);
      attrs[a[1]] = unescape(a[2] ?? a[3], at);
    }
    return { name: m[1], attrs, at, empty: m[3] === '/' };
  };
  skip();
  const root = tag();
  if (root.name !== 'mjloggm') throw new MjlogError(root.at, `the root element is <${root.name}>, not <mjloggm>`);
  const tags: MjlogTag[] = [];
  if (!root.empty) {
    for (;;) {
      skip();
      if (i >= xml.length) throw new MjlogError(i, 'the log ends before </mjloggm>');
      if (xml.startsWith('</', i)) {
        if (!/^<\/mjloggm\s*>/.test(xml.slice(i, i + 16))) throw new MjlogError(i, 'an end tag other than </mjloggm>');
        i = xml.indexOf('>', i) + 1;
        break;
      }
      const t = tag();
      if (!t.empty) throw new MjlogError(t.at, `<${t.name}> is not an empty element (mjlog has no nested ones)`);
      tags.push({ name: t.name, attrs: t.attrs, at: t.at });
    }
  }
  skip();
  if (i < xml.length) throw new MjlogError(i, 'something after the root element');
  return { root: root.attrs, tags };
}
