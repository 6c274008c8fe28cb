#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the package ships its sources only.
import { register } from 'tsx/esm/api';

register();
const { mjaiMain, MjaiUsageError } = await import('../src/mjai/cli.ts');
try {
  process.exitCode = await mjaiMain(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? (e instanceof MjaiUsageError ? e.message : `${e.name}: ${e.message}`) : String(e));
  process.exitCode = e instanceof MjaiUsageError ? 2 : 1;
}
// Nothing of a finished game may keep the process alive (sockets closing).
setTimeout(() => process.exit(), 200).unref();
