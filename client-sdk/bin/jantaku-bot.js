#!/usr/bin/env node
import { load } from './load.js';

const { run } = await load('cli/run');
const { botMain } = await load('cli/bot');
await run(botMain);
