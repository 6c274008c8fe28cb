import { expect } from 'vitest';
import type { Judged, Referee, RefereeEvent } from '@jantaku/shared/referee/referee';
import type { Command, Seat } from '@jantaku/shared/game/types';

export type Faulty = Extract<Judged, { ok: true }> & { fault: NonNullable<Extract<Judged, { ok: true }>['fault']> };

/** The one judgement of a faulty message: it must be accepted and carry a fault. */
export function faulty(ref: Referee, seat: Seat, command: Command): Faulty {
  const r = ref.apply(seat, command);
  if (!r.ok) throw new Error(`refused: ${r.refusal.code} ${r.refusal.reason}`);
  if (!r.fault) throw new Error(`no fault: ${command.type}`);
  return r as Faulty;
}

export const faultEvents = (events: RefereeEvent[]) => events.filter((e) => e.type === 'fault');
export const ofType = <T extends RefereeEvent['type']>(events: RefereeEvent[], type: T) =>
  events.filter((e): e is Extract<RefereeEvent, { type: T }> => e.type === type);

/** Where the next deal starts: a redeal keeps round, honba, sticks and dealer. */
export const startOf = (ref: Referee) => ({ round: ref.game.round, honba: ref.game.honba, riichiSticks: ref.game.riichiSticks, dealer: ref.game.dealer });

/** The fault event every seat receives: rule, penalty, a one-line reason. */
export function expectAnnounced(events: RefereeEvent[], seat: Seat, rule: string, penalty: object): void {
  const f = faultEvents(events);
  expect(f).toHaveLength(1);
  expect(f[0]).toMatchObject({ to: 'all', type: 'fault', seat, rule, penalty });
  expect((f[0] as { reason: string }).reason.length).toBeGreaterThan(5);
}
