import type { Penalty } from '../referee/penalty';

/**
 * A table's answers to an `action` request (docs/PROTOCOL.md §8): the one definition the server
 * answers with and the client SDK reads.
 */

/** The answer to an `action` request that was applied. Refusals are rejections with an `ActionError`. */
export type ActionReply =
  | { status: 'accepted'; actions: number }
  | { status: 'fault'; actions: number; rule: string; penalty: Penalty; reason: string };

/**
 * An applied action's reply as it travels: an accepted one is only the table's `actions` count
 * (it answers nearly every command: the object's field names were most of its bytes), a fault
 * its object.
 */
export type ActionReplyWire = number | Extract<ActionReply, { status: 'fault' }>;
export const replyToWire = (r: ActionReply): ActionReplyWire => (r.status === 'accepted' ? r.actions : r);
/** A received reply as its object (an object passes as it came). */
export const replyFromWire = (w: unknown): ActionReply => (typeof w === 'number' ? { status: 'accepted', actions: w } : (w as ActionReply));

/** Why an action was refused: nothing changed. `rule` names a rule when `prevent` refused a fault. */
export interface ActionError {
  code: string;
  reason: string;
  rule?: string;
}
