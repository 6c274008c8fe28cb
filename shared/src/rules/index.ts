import type { z } from 'zod';
import { RulesetSchema, type Ruleset, type RulesetOverrides } from './schema';
import { SHIPPED_RULESETS, type ShippedRulesetName } from './shipped';

export { RulesetSchema, type Ruleset, type RulesetOverrides } from './schema';
export { SHIPPED_RULESETS, type ShippedRulesetName } from './shipped';

export class RulesetError extends Error {
  constructor(readonly issues: { field: string; reason: string }[]) {
    super(`invalid ruleset: ${issues.map((i) => `${i.field}: ${i.reason}`).join('; ')}`);
    this.name = 'RulesetError';
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Overrides onto a base: plain objects merge key by key, anything else (arrays, numbers, null)
 * replaces. An object carrying a different `kind` (the chombo penalty) replaces the base object
 * whole, so no field of the old kind is left behind. Keys are defined as own properties, so a
 * `__proto__` key from JSON stays a key and is refused as unknown instead of changing the prototype.
 */
function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  if ('kind' in over && over.kind !== base.kind) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over))
    Object.defineProperty(out, k, { value: merge(out[k], v), enumerable: true, writable: true, configurable: true });
  return out;
}

function toIssues(issues: readonly z.core.$ZodIssue[]): { field: string; reason: string }[] {
  return issues.flatMap((i) => {
    // A strict object reports its unknown keys together, at the object's own path: name each one.
    if (i.code === 'unrecognized_keys')
      return i.keys.map((k) => ({ field: [...i.path, k].join('.'), reason: 'unknown setting (rulesets are strict)' }));
    return [{ field: i.path.join('.') || '(root)', reason: i.message }];
  });
}

/** Validates a whole ruleset object; throws RulesetError naming each bad field and why. */
export function parseRuleset(value: unknown): Ruleset {
  const r = RulesetSchema.safeParse(value);
  if (r.success) return r.data;
  throw new RulesetError(toIssues(r.error.issues));
}

/** A shipped ruleset, optionally with overrides; the result is validated. */
export function makeRuleset(name: string, overrides: RulesetOverrides = {}): Ruleset {
  if (typeof name !== 'string' || !Object.hasOwn(SHIPPED_RULESETS, name))
    throw new RulesetError([{ field: 'name', reason: `unknown ruleset "${String(name)}" (shipped: ${Object.keys(SHIPPED_RULESETS).join(', ')})` }]);
  if (!isPlainObject(overrides))
    throw new RulesetError([{ field: '(root)', reason: `overrides must be an object of settings, got ${overrides === null ? 'null' : Array.isArray(overrides) ? 'an array' : typeof overrides}` }]);
  const base = SHIPPED_RULESETS[name as ShippedRulesetName];
  const merged = merge(base, overrides) as Record<string, unknown>;
  if (Object.keys(overrides).length > 0 && overrides.name === undefined) merged.name = `${base.name}+custom`;
  return parseRuleset(merged);
}
