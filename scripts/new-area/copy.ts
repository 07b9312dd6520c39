import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throw-away copy of the repository for the scaffold test (new-area.test.ts): the tracked and untracked, not
 * ignored files, copied (never linked: the scaffold rewrites the registries), with `node_modules` as links to the
 * original's packages - except the npm workspaces' own links (`node_modules/functions` → `../functions`), which are
 * made again inside the copy, so `functions`, `web` and `@schrankwerk/emulators` resolve to the copy's sources.
 */
export function copyRepository(root: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'new-area-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, file));
  }
  for (const dir of ['node_modules', 'functions/node_modules', 'web/node_modules', 'emulators/node_modules'])
    if (fs.existsSync(path.join(root, dir))) linkModules(path.join(root, dir), path.join(copy, dir));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=new-area test', '-c', 'user.email=new-area@test.invalid', 'commit', '-q', '-m', 'copy');
  return copy;
}

/** `to` gets a link per package of `from`; relative links (the workspaces') are made again, pointing into the copy. */
function linkModules(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    // caches (vite, vitest) stay the copy's own
    if (entry.name === '.vite' || entry.name === '.cache' || entry.name === '.vitest') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink() && !path.isAbsolute(fs.readlinkSync(source)))
      fs.symlinkSync(fs.readlinkSync(source), target);
    else if (entry.isDirectory() && entry.name.startsWith('@') && hasRelativeLink(source)) linkModules(source, target);
    else fs.symlinkSync(source, target);
  }
}

function hasRelativeLink(dir: string): boolean {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .some((e) => e.isSymbolicLink() && !path.isAbsolute(fs.readlinkSync(path.join(dir, e.name))));
}

/** The environment of a command in the copy: without the outer vitest's variables (a nested run would inherit them). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TEST_SUMMARY_FILE'),
  );
}

export interface Run {
  command: string;
  code: number | null;
  output: string;
  ms: number;
}

/** Runs a command in the copy (no shell) and collects its output; never rejects. */
export function run(cwd: string, command: string, args: string[]): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (code: number | null) =>
      resolve({ command: [command, ...args].join(' '), code, output, ms: performance.now() - started });
    child.on('error', (error) => {
      output += String(error);
      done(null);
    });
    child.on('close', done);
  });
}

/** The end of a command's output, for an assertion message. */
export const tail = (r: Run, lines = 60) =>
  `${r.command} (exit ${r.code}):\n${r.output.trim().split('\n').slice(-lines).join('\n')}`;
