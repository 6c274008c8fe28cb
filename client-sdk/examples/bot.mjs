// The same bot in plain JavaScript, from npm (no TypeScript, no tsx): node bot.mjs [URL] [TABLE_ID]
import { runBot } from '@jantaku/client-sdk';

const [url = 'ws://localhost:2567', table] = process.argv.slice(2);

// Win whenever it may, never call, and throw away the tile with the fewest neighbours.
/** @type {import('@jantaku/client-sdk').Bot} */
const bot = (view, legal) => {
  for (const a of legal) if (a.type === 'tsumo' || a.type === 'ron') return { type: a.type };
  if (legal.some((a) => a.type === 'draw')) return { type: 'draw' };
  const discard = legal.find((a) => a.type === 'discard');
  if (!discard) return { type: 'pass' };
  const near = (t) => view.hand.filter((h) => Math.abs((h >> 2) - (t >> 2)) <= (t >= 108 ? 0 : 2)).length;
  return { type: 'discard', tile: discard.tiles.reduce((best, t) => (near(t) < near(best) ? t : best)) };
};

// Join TABLE_ID, or create a table with three built-in opponents, and play to the end.
const result = await runBot(url, bot, table ? { table } : { create: { bots: 3 } });
console.log(`seat ${result.seat} at table ${result.tableId}:`, result.standings);
