#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the package ships its sources only.
import { register } from 'tsx/esm/api';

register();
const { runReplay } = await import('../src/cli/replay.ts');
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: jantaku-replay FILES…');
  process.exit(2);
}
process.exit(runReplay(files) ? 0 : 1);
