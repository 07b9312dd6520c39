import { ESLint } from 'eslint';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

// Lint and format are part of `npm test`, so CI enforces them (eslint.config.js, .prettierrc.json). The timeouts are
// ceilings: beside the stacks on a slow host the Prettier check alone took over 180 s (alone: 36 s).
// `npx eslint . --fix` and `npx prettier --write .` fix most findings.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// one ceiling for every check of the file (see above)
describe('code style', { timeout: 600_000 }, () => {
  it('ESLint reports nothing', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const results = await eslint.lintFiles(['.']);
    const problems = results.filter((r) => r.errorCount + r.warningCount > 0);
    const text = problems.length ? await (await eslint.loadFormatter('stylish')).format(problems) : '';
    expect(text).toBe('');
  });

  it('every tracked source file is formatted with Prettier', async () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|js|mjs|json|css|html)$/.test(f));
    const unformatted: string[] = [];
    for (const file of tracked) {
      const full = path.join(ROOT, file);
      if (!fs.existsSync(full)) continue;
      const info = await prettier.getFileInfo(full, { ignorePath: path.join(ROOT, '.prettierignore') });
      if (info.ignored) continue;
      const options = await prettier.resolveConfig(full);
      if (!(await prettier.check(fs.readFileSync(full, 'utf8'), { ...options, filepath: full })))
        unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });

  // Import cycles among production modules (tests, testing helpers and fixtures may close a loop). dpdm reads the
  // module graph once per part; ESLint's import/no-cycle walked it again for every file and took 97 % of the lint
  // (docs/decisions-api.md "Import cycles"). Type-only imports are erased first (`transform`), as TypeScript does.
  it.each([
    { part: 'functions and emulators', files: ['functions/src/**/*.ts', 'emulators/**/*.ts'], tsconfig: 'functions' },
    { part: 'web', files: ['web/src/**/*.ts', 'web/src/**/*.tsx'], tsconfig: 'web' },
  ])('no import cycle in $part', async ({ files, tsconfig }) => {
    const tree = await parseDependencyTree(files, {
      cwd: ROOT,
      context: ROOT,
      tsconfig: path.join(ROOT, tsconfig, 'tsconfig.json'),
      transform: true,
      exclude: /node_modules|\/dist\/|\.test\.tsx?$|\/testing\/|\/fixtures\//,
    });
    expect(Object.keys(tree).filter((f) => !f.includes('node_modules')).length).toBeGreaterThan(300);
    expect(parseCircular(tree)).toEqual([]);
  });

  it('knip finds no unused file, export, dependency or duplicate export', () => {
    const knip = path.join(ROOT, 'node_modules', '.bin', 'knip');
    const run = spawnSync(knip, ['--no-progress', '--no-config-hints'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
