#!/usr/bin/env node
import { load } from './load.js';

const { runReplay } = await load('cli/replay');
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: jantaku-replay FILES…');
  process.exit(2);
}
process.exit(runReplay(files) ? 0 : 1);
