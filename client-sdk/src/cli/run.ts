import { printable } from '@jantaku/shared/text';
import { UsageError } from './args';

/** Runs a CLI main: usage errors exit 2, other failures 1. */
export async function run(main: (argv: string[]) => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    // An error may carry the server's text: printed with its non-printable characters escaped.
    const text = e instanceof UsageError ? e.message : e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    console.error(text.split('\n').map(printable).join('\n'));
    process.exitCode = e instanceof UsageError ? 2 : 1;
  }
  // Nothing of a finished command may keep the process alive (sockets closing, retry timers).
  setTimeout(() => process.exit(), 200).unref();
}
