import type { Game } from '@jantaku/shared/game/game';
import type { TableState } from '@jantaku/shared/schema/table';
import type { TableSettings } from './options';
import type { TableSeats } from './seats';

/** The lobby's listing of a table (its room's metadata): public facts only. */
export function listingOf(settings: TableSettings, game: Game, state: TableState, seats: TableSeats, watchers: number): Record<string, unknown> {
  const tc = settings.rules.timeControl;
  const hand = game.hands.length > 0 ? `${'ESWN'[Math.floor(game.round / 4)]}${(game.round % 4) + 1}-${game.honba}` : '';
  return {
    name: settings.name,
    ruleset: settings.rules.name,
    foulPolicy: settings.rules.foulPolicy,
    timeControl: settings.rules.timeControl.kind,
    // What a client names the table by when its creator did not ("WRC 2015 · 5+20 s"): the base ruleset, length, clock in seconds.
    named: settings.name !== settings.rules.name,
    baseRuleset: settings.rules.name.replace(/\+custom$/, ''),
    length: settings.rules.length,
    clockSeconds: tc.kind === 'bank' ? [tc.baseMs / 1000, tc.bankMs / 1000] : tc.kind === 'wsom' ? [tc.turnMs / 1000] : [],
    seats: seats.listing(),
    free: seats.free(),
    spectators: watchers,
    commentators: settings.commentatorDelayMs !== null,
    hand,
    started: state.started,
    finished: game.phase === 'gameOver',
    wallCommitment: state.wallCommitment,
    chosenSeed: settings.chosenSeed === true,
  };
}
