#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the package ships its sources only.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli/run.ts');
const { botMain } = await import('../src/cli/bot.ts');
await run(botMain);
