/**
 * @jantaku/client-sdk: the typed client of a Jantaku server, for browsers and Node 20+.
 * This entry imports nothing Node-only (the CLIs live in ./cli and are not exported here).
 * @module @jantaku/client-sdk
 */
export { connect, JantakuClient, TABLE_ROOM, LOBBY_ROOM } from './client';
export { Table, type Role } from './table';
export { JantakuError, ServerFullError } from './errors';
export { play, runBot, strategies, type Bot, type BotResult, type PlayOptions, type RunBotOptions } from './bot';
export { describeEvent, handLabel, renderTable } from './format';
export { tableViewOf } from '@jantaku/shared/schema/view';
export type * from './types';
