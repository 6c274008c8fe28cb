/**
 * A list kept as the tail of a longer one, whose head its owner let go (a room's store keeps it):
 * `Referee.log` and `TableClock.inputs`. Drops the items before index `upTo` of the whole list
 * from `list`, which starts at index `dropped`; returns the new start.
 */
export function dropHead(list: unknown[], dropped: number, upTo: number): number {
  const n = Math.min(upTo, dropped + list.length) - dropped;
  if (n <= 0) return dropped;
  // All of it, as after most commits: no array of the removed items made.
  if (n === list.length) list.length = 0;
  else list.splice(0, n);
  return dropped + n;
}
