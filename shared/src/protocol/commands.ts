import { z } from 'zod';
import type { Command } from '../game/types';

/** A tile id on the wire: an integer 0..135. */
const Tile = z.number().int().min(0).max(135);
const distinct = (tiles: number[]) => new Set(tiles).size === tiles.length;

/**
 * The shape of every command a client may send. A message that fails it is a protocol error:
 * refused with a code, never judged as a declaration, never a penalty.
 */
export const CommandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('discard'), tile: Tile }),
  z.strictObject({ type: z.literal('riichi'), tile: Tile }),
  z.strictObject({ type: z.literal('tsumo'), reveal: z.boolean().optional() }),
  z.strictObject({ type: z.literal('ron'), reveal: z.boolean().optional() }),
  z.strictObject({ type: z.literal('kyuushu') }),
  z.strictObject({ type: z.literal('ankan'), tile: Tile }),
  z.strictObject({ type: z.literal('shouminkan'), tile: Tile }),
  z.strictObject({ type: z.literal('chii'), tiles: z.tuple([Tile, Tile]).refine(distinct, 'the same tile twice') }),
  z.strictObject({ type: z.literal('pon'), tiles: z.tuple([Tile, Tile]).refine(distinct, 'the same tile twice') }),
  z.strictObject({ type: z.literal('daiminkan'), tiles: z.tuple([Tile, Tile, Tile]).refine(distinct, 'the same tile twice').optional() }),
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('draw') }),
]);

export type ParsedCommand = { ok: true; command: Command } | { ok: false; reason: string };

/** Checks a message against the command shapes; the reason names the field at fault. */
export function parseCommand(value: unknown): ParsedCommand {
  const r = CommandSchema.safeParse(value);
  if (r.success) return { ok: true, command: r.data as Command };
  const i = r.error.issues[0];
  return { ok: false, reason: `${i.path.join('.') || 'command'}: ${i.message}` };
}
