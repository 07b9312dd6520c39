import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The lint rule of the house style (bulletproof-react): shared -> features -> app. A feature never imports
// another feature, and shared code (components, lib, config, testing) never imports a feature or app.
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = join(src, 'features');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
}

/** The src-relative target of an import ('features/users/api/x'), or undefined for packages/@model. */
function target(file: string, spec: string): string | undefined {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return relative(src, resolve(dirname(file), spec)).replace(/\\/g, '/');
  return undefined;
}

describe('import boundaries', () => {
  it('no feature imports another feature', () => {
    const violations: string[] = [];
    for (const feature of readdirSync(featuresDir)) {
      if (!statSync(join(featuresDir, feature)).isDirectory()) continue;
      for (const file of files(join(featuresDir, feature))) {
        for (const spec of imports(file)) {
          const t = target(file, spec);
          const m = t && /^features\/([^/]+)/.exec(t);
          if (m && m[1] !== feature) violations.push(`${relative(src, file)} -> ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('shared code does not import features or app', () => {
    const violations: string[] = [];
    for (const dir of ['components', 'lib', 'config', 'testing']) {
      for (const file of files(join(src, dir)).filter((f) => !f.endsWith('no-cross-feature-imports.test.ts'))) {
        for (const spec of imports(file)) {
          const t = target(file, spec);
          if (t && /^(features|app)\//.test(t)) violations.push(`${relative(src, file)} -> ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('detects a violation (self-check of the scanner)', () => {
    const file = join(featuresDir, 'users', 'components', 'x.tsx');
    expect(target(file, '@/features/companies/api/get-company')).toBe('features/companies/api/get-company');
    expect(target(file, '../../companies/api/get-company')).toBe('features/companies/api/get-company');
    expect(
      [...`import { a } from '@/features/x/y';\nconst p = import('../z');`.matchAll(IMPORT)].map((m) => m[1] ?? m[2]),
    ).toEqual(['@/features/x/y', '../z']);
  });
});
