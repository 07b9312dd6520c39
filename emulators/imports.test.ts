import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The emulators are a package of their own (README.md "The package"): nothing in them may reach into the portal,
// and what the installed package runs may only need its runtime dependencies.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);
const manifest = JSON.parse(fs.readFileSync(path.join(HERE, 'package.json'), 'utf8'));

function sources(dir = HERE): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|cjs|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** Every module specifier of a file: static and dynamic imports, re-exports, require(). */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

/** The files the installed package runs (tsconfig.build.json): no tests, benches or test helpers. */
const isProduction = (file: string) =>
  !/\.test\.ts$|[/\\]([\w-]*bench|test-utils|test-helpers|build)\.ts$/.test(file) && !file.endsWith('imports.test.ts');

const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('the emulators package', () => {
  const files = sources();

  it('imports nothing from functions/ or web/', () => {
    expect(files.length).toBeGreaterThan(50);
    const portal = [path.join(ROOT, 'functions'), path.join(ROOT, 'web')];
    const reaching: string[] = [];
    for (const file of files)
      for (const spec of specifiers(file)) {
        const bare = packageName(spec);
        const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : undefined;
        if (
          (target && portal.some((dir) => target.startsWith(dir + path.sep))) ||
          ['functions', 'web'].includes(bare) ||
          spec.startsWith('@model') ||
          spec.startsWith('@/')
        )
          reaching.push(`${path.relative(ROOT, file)}: ${spec}`);
      }
    expect(reaching).toEqual([]);
  });

  it('runs on its runtime dependencies and Node built-ins only', () => {
    const allowed = new Set([...Object.keys(manifest.dependencies), ...builtinModules]);
    const extra: string[] = [];
    for (const file of files.filter(isProduction))
      for (const spec of specifiers(file)) {
        if (spec.startsWith('.')) {
          // a production file reaches only production files of the package
          const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
          if (!target.startsWith(HERE + path.sep) || !isProduction(target))
            extra.push(`${path.relative(ROOT, file)}: ${spec}`);
        } else if (!spec.startsWith('node:') && !allowed.has(packageName(spec)))
          extra.push(`${path.relative(ROOT, file)}: ${spec}`);
      }
    expect(extra).toEqual([]);
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@grpc/grpc-js', '@grpc/proto-loader']);
  });
});
