#!/usr/bin/env node
import { load } from './load.js';

const { run } = await load('cli/run');
const { watchMain } = await load('cli/watch');
await run(watchMain);
