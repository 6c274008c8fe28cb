import { chmodSync, cpSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';

/**
 * Just enough of a Dockerfile and a .dockerignore to lay out an image's files in a directory
 * as `docker build` would: the stages with their instructions, and COPY's file rules.
 */
export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  from: string;
  name?: string;
  steps: Instruction[];
}

/** The stages of a Dockerfile (comments dropped, `\` continuations joined). */
export function parseDockerfile(text: string): Stage[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const stages: Stage[] = [];
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(\w+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`unparsed Dockerfile line: ${line}`);
    const op = m[1]!.toUpperCase();
    const args = m[2]!.replace(/\s+/g, ' ').trim();
    if (op === 'FROM') {
      const f = /^(\S+)(?: AS (\S+))?$/i.exec(args);
      stages.push({ from: f![1]!, name: f![2], steps: [] });
    } else {
      if (stages.length === 0) throw new Error(`${op} before FROM`);
      stages.at(-1)!.steps.push({ op, args });
    }
  }
  return stages;
}

/** The values of a stage's one `op` (the last wins, as in Docker). */
export const last = (stage: Stage, op: string): string | undefined => stage.steps.filter((s) => s.op === op).at(-1)?.args;

/** An exec-form (JSON array) argument, e.g. CMD's; the shell form is refused (no signal would reach the server). */
export function execForm(args: string): string[] {
  const json = args.replace(/^CMD /, '');
  if (!json.startsWith('[')) throw new Error(`not exec form: ${args}`);
  return JSON.parse(json) as string[];
}

/** ENV's pairs, `ENV A=1 B=2` form. */
export function envOf(stage: Stage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of stage.steps.filter((x) => x.op === 'ENV'))
    for (const m of s.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) out[m[1]!] = m[2]!.replace(/^"|"$/g, '');
  return out;
}

export interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

export function copiesOf(stage: Stage): Copy[] {
  return stage.steps
    .filter((s) => s.op === 'COPY')
    .map((s) => {
      const words = s.args.split(' ');
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((w) => !w.startsWith('--'));
      return { from, sources: paths.slice(0, -1), dest: paths.at(-1)! };
    });
}

/** A .dockerignore as a test of a context-relative path (Docker's rules: from the context root, `**` any depth, a match excludes a whole directory). */
export function dockerignore(text: string): (rel: string) => boolean {
  const res = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((p) => {
      if (p.startsWith('!')) throw new Error(`exceptions in .dockerignore are not supported here: ${p}`);
      const body = p
        .replace(/^\/+|\/+$/g, '')
        .split('**/')
        .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]'))
        .join('(?:.*/)?');
      return new RegExp(`^${body}(?:/.*)?$`);
    });
  return (rel) => res.some((r) => r.test(rel));
}

/** `COPY src… dest` of files under `fromRoot` (the context, or a stage's `/`) into `toRoot`, WORKDIR `workdir`. */
export function applyCopy(copy: Copy, fromRoot: string, fromWorkdir: string, toRoot: string, workdir: string, ignored: (rel: string) => boolean = () => false): void {
  const inside = (root: string, wd: string, p: string) => join(root, posix.resolve(wd, p));
  const dest = inside(toRoot, workdir, copy.dest);
  const intoDir = copy.dest.endsWith('/') || copy.sources.length > 1;
  for (const src of copy.sources) {
    const from = inside(fromRoot, fromWorkdir, src);
    const s = lstatSync(from); // throws ENOENT for a source that is not there, as docker build fails
    const to = s.isDirectory() ? dest : intoDir ? join(dest, basename(from)) : dest;
    mkdirSync(s.isDirectory() ? to : dirname(to), { recursive: true });
    cpSync(from, to, {
      recursive: true,
      verbatimSymlinks: true, // workspace links stay links, as COPY keeps them
      filter: (p) => !ignored(relative(fromRoot, p).split('\\').join('/')),
    });
  }
}

/** Every directory and file under `dir` made read-only (`writable`: back to writable, to delete it). */
export function setWritable(dir: string, writable: boolean): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isSymbolicLink()) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) setWritable(p, writable);
    else chmodSync(p, writable ? 0o644 | (lstatSync(p).mode & 0o111) : lstatSync(p).mode & 0o555);
  }
  chmodSync(dir, writable ? 0o755 : 0o555);
}

/** uid and gid of a user from /etc/passwd, if there is one. */
export function userIds(name: string): { uid: number; gid: number } | undefined {
  const row = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'))
    .find((f) => f[0] === name);
  return row ? { uid: Number(row[2]), gid: Number(row[3]) } : undefined;
}
