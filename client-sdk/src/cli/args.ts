import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What `parse` returns, spelled out for the .d.ts (node:util's option types cannot be named there). */
type Parsed<T extends ParseArgsConfig['options']> = ReturnType<typeof parseArgs<{ options: T & { help: { type: 'boolean'; short: string } }; allowPositionals: false; strict: true }>>['values'];

/** Parses argv with node:util, turning its errors into a usage message (exit code 2). */
export function parse<T extends ParseArgsConfig['options']>(argv: string[], options: T, usage: string): Parsed<T> {
  try {
    return parseArgs({ args: withValuesAttached(argv, options), options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: false, strict: true }).values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${usage}`);
  }
}

/**
 * Writes `--name value` as `--name=value` for the string options. Table ids may begin with a
 * dash (Colyseus draws them from A-Z a-z 0-9 _ -), and node:util would read `--table -aX1` as a
 * missing value.
 */
export function withValuesAttached(argv: string[], options: ParseArgsConfig['options']): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = /^--([^=]+)$/.exec(argv[i]!)?.[1];
    if (name !== undefined && options?.[name]?.type === 'string' && i + 1 < argv.length) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]!);
  }
  return out;
}

export class UsageError extends Error {}

/** An integer option, or undefined; a UsageError when it is not one. */
export function int(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer ${min}..${max}`);
  return n;
}
