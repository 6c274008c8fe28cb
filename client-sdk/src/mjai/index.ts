/** The mjai bridge (Node only: it runs the bot as a child process). */
export { runMjaiBridge, type MjaiBridgeOptions, type MjaiBridgeResult, type MjaiOutcome, type ServerAnswer } from './bridge';
export { MjaiProcess, type MjaiFraming } from './process';
export { StateEventDeriver, snapshotOf } from './stateEvents';
export { mjaiMain, parseMjaiArgs } from './cli';
