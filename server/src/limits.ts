/** The largest HTTP request body the server reads, bytes (issue 14): JANTAKU_MAX_BODY_BYTES, default 8192. */
export const DEFAULT_MAX_BODY_BYTES = 8192;

/** JANTAKU_MAX_BODY_BYTES, checked (an integer 1..1 MiB; a typo must not switch the limit off). */
export function maxBodyBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JANTAKU_MAX_BODY_BYTES;
  if (raw === undefined || raw === '') return DEFAULT_MAX_BODY_BYTES;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1 << 20) throw new Error(`invalid JANTAKU_MAX_BODY_BYTES: ${raw} (an integer 1..${1 << 20})`);
  return n;
}
