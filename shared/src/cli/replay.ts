/**
 * `npm run replay -- FILES…` (bin: jantaku-replay): replays tenhou.net/6 logs through the engine and prints one line
 * per file and a last line `hands: <matched>/<total> matched`. Exit code 1 on any mismatch.
 */
import { readFileSync } from 'node:fs';
import { parseTenhou6 } from '../logs/tenhou6';
import { Tenhou6Error } from '../logs/tenhou6Error';
import { replayGame } from '../logs/replay';

export function runReplay(files: string[], out: (line: string) => void = console.log): boolean {
  let matched = 0;
  let total = 0;
  let ok = true;
  for (const file of files) {
    try {
      const log = parseTenhou6(readFileSync(file, 'utf8'), file);
      const r = replayGame(log);
      matched += r.matched;
      total += log.hands.length;
      const bad = r.hands.find((h) => !h.ok);
      if (bad) {
        ok = false;
        const m = bad.mismatch!;
        const where = m.seat !== undefined ? `, seat ${m.seat}, action ${m.action}` : '';
        out(`${file}: ${r.matched}/${log.hands.length} hands; first mismatch: hand ${m.hand} (${m.label})${where}: ${m.reason}`);
      } else out(`${file}: ${r.matched}/${log.hands.length} hands ok`);
    } catch (e) {
      ok = false;
      out(`${file}: ${e instanceof Tenhou6Error ? e.message : `cannot read: ${(e as Error).message}`}`);
    }
  }
  out(`hands: ${matched}/${total} matched`);
  return ok;
}
