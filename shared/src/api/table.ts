import type { Penalty } from '../referee/penalty';

/**
 * A table's answers to an `action` request (docs/PROTOCOL.md §8): the one definition the server
 * answers with and the client SDK reads.
 */

/** The answer to an `action` request that was applied. Refusals are rejections with an `ActionError`. */
export type ActionReply =
  | { status: 'accepted'; actions: number }
  | { status: 'fault'; actions: number; rule: string; penalty: Penalty; reason: string };

/** Why an action was refused: nothing changed. `rule` names a rule when `prevent` refused a fault. */
export interface ActionError {
  code: string;
  reason: string;
  rule?: string;
}
