import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Parses argv with node:util, turning its errors into a usage message (exit code 2). */
export function parse<T extends ParseArgsConfig['options']>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: false, strict: true }).values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${usage}`);
  }
}

export class UsageError extends Error {}

/** An integer option, or undefined; a UsageError when it is not one. */
export function int(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer ${min}..${max}`);
  return n;
}
