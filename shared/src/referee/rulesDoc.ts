import { SHIPPED_RULESETS } from '../rules/shipped';
import { CATALOGUE } from './catalogue';
import { RULE_IDS, rulebookOf, type Rulebook } from './ids';
import { describePenalty } from './penalty';

const BOOK_NAME: Record<Rulebook, string> = {
  wrc: 'World Riichi Championship 2015 (WRC-)',
  ema12: 'EMA Riichi Competition Rules 2008/2012 (EMA12-)',
  russian: 'Russian riichi rules (RUS-)',
  wsom: 'World Series of Mahjong options (WSOM-)',
};

/**
 * docs/rules.md, generated from the rule catalogue and the shipped rulesets so that it cannot
 * drift from the code (a test compares the file with this output).
 */
export function rulesDoc(): string {
  const out: string[] = [];
  out.push('# Fouls, penalties and rule IDs', '');
  out.push('Generated from `shared/src/referee/catalogue.ts` and `shared/src/rules/shipped.ts` by');
  out.push('`npm run rules-doc`; do not edit by hand. The design, the situation table the referee judges');
  out.push('by, and every decision taken where the rulebooks are silent or disagree are in');
  out.push('[REFEREE.md](REFEREE.md) (§1.5, §3, §4); the rulesets and their sources in [RULESETS.md](RULESETS.md).', '');
  out.push('## Which rulebook each shipped ruleset applies', '');
  out.push('| ruleset | rulebook | foul policy | chombo | time control |', '|---|---|---|---|---|');
  for (const r of Object.values(SHIPPED_RULESETS)) {
    out.push(`| \`${r.name}\` | ${BOOK_NAME[r.rulebook]} | ${r.foulPolicy} | ${describePenalty({ kind: 'chombo' }, r)} | ${r.timeControl.kind} |`);
  }
  out.push('', 'Under `prevent` a declaration the rulebook calls a fault is refused with the same rule ID and');
  out.push('reason, and nothing changes. WSOM rules are options over any ruleset.', '');
  for (const book of ['wrc', 'ema12', 'russian', 'wsom'] as Rulebook[]) {
    out.push(`## ${BOOK_NAME[book]}`, '');
    out.push('| rule ID | fault | penalty | online |', '|---|---|---|---|');
    for (const id of RULE_IDS.filter((x) => rulebookOf(x) === book)) {
      const e = CATALOGUE[id];
      const penalty = e.penalty === null ? '— (rule of play or definition)' : describePenalty(e.penalty);
      const online = e.online ? (e.clientDraws ? 'only when players draw themselves (`clientDraws`)' : 'judged by the server') : `not applicable online: ${e.whyNotOnline}`;
      out.push(`| ${id} | ${e.title}: ${e.reason.replace(/\|/g, '\\|')} | ${penalty} | ${online} |`);
    }
    out.push('');
  }
  const offline = RULE_IDS.filter((id) => !CATALOGUE[id].online);
  out.push('## Rules that cannot apply online', '');
  out.push('Each is still recorded by a referee command with its rulebook penalty where a person can see it.', '');
  for (const id of offline) {
    const e = CATALOGUE[id];
    if (!e.online) out.push(`- ${id}: not applicable online — ${e.whyNotOnline}.`);
  }
  out.push('');
  return out.join('\n');
}
