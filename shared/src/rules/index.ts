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

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (base && over && typeof base === 'object' && typeof over === 'object' && !Array.isArray(base) && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = merge(out[k], v);
    return out;
  }
  return over;
}

/** Validates a whole ruleset object; throws RulesetError naming each bad field and why. */
export function parseRuleset(value: unknown): Ruleset {
  const r = RulesetSchema.safeParse(value);
  if (r.success) return r.data;
  throw new RulesetError(r.error.issues.map((i) => ({ field: i.path.join('.') || '(root)', reason: i.message })));
}

/** A shipped ruleset, optionally with overrides; the result is validated. */
export function makeRuleset(name: string, overrides: RulesetOverrides = {}): Ruleset {
  if (!Object.hasOwn(SHIPPED_RULESETS, name))
    throw new RulesetError([{ field: 'name', reason: `unknown ruleset "${name}" (shipped: ${Object.keys(SHIPPED_RULESETS).join(', ')})` }]);
  const base = SHIPPED_RULESETS[name as ShippedRulesetName];
  const merged = merge(base, overrides) as Record<string, unknown>;
  if (Object.keys(overrides).length > 0 && overrides.name === undefined) merged.name = `${base.name}+custom`;
  return parseRuleset(merged);
}
