#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the package ships its sources only.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli/run.ts');
const { watchMain } = await import('../src/cli/watch.ts');
await run(watchMain);
