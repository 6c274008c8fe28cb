#!/usr/bin/env node
import { load } from './load.js';

const { mjaiMain, MjaiUsageError } = await load('mjai/cli');
try {
  process.exitCode = await mjaiMain(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? (e instanceof MjaiUsageError ? e.message : `${e.name}: ${e.message}`) : String(e));
  process.exitCode = e instanceof MjaiUsageError ? 2 : 1;
}
// Nothing of a finished game may keep the process alive (sockets closing).
setTimeout(() => process.exit(), 200).unref();
