/** A function's body without its comments and whitespace. */
function bodyOf(source: string): string {
  const code = source.replace(/\/\/[^\n]*/g, '');
  return code.slice(code.indexOf('{')).replace(/\s+/g, '');
}

/**
 * Replaces the method `name` of a library's prototype with `replacement`, only when its source is
 * `expected` (whitespace and comments aside): a change to a library's internals applies to the
 * version it was written for, and to no other. True when replaced; false, and nothing changed,
 * otherwise.
 */
export function replaceMethod(proto: object, name: string, expected: string, replacement: Function): boolean {
  const methods = proto as Record<string, unknown>;
  const current = methods[name];
  if (typeof current !== 'function' || bodyOf(current.toString()) !== bodyOf(expected)) return false;
  methods[name] = replacement;
  return true;
}
