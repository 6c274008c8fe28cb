// Writes docs/rules.md from the rule catalogue (npm run rules-doc).
import { writeFileSync } from 'node:fs';
import { rulesDoc } from '../shared/src/referee/rulesDoc';

writeFileSync(new URL('../docs/rules.md', import.meta.url), rulesDoc());
console.log('docs/rules.md written');
