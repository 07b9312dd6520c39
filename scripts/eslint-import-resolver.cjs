// A small eslint-plugin-import resolver for this repository (interface version 2): the web's aliases
// (@/ -> web/src, @model/ -> functions/src/model), NodeNext's `.js` specifiers that name `.ts` sources,
// and directory index files. Published TypeScript resolvers either mis-resolve tsconfig `include` globs
// or need native bindings the npm registry here lacks, so the few rules live here.
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const ROOT = path.resolve(__dirname, '..');
const ALIASES = [
  ['@model/', path.join(ROOT, 'functions/src/model/')],
  ['@/', path.join(ROOT, 'web/src/')],
];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

const isFile = (p) => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

function candidates(base) {
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  return [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
}

/**
 * Node resolves a workspace package (node_modules/@schrankwerk/emulators -> ../../emulators) to its real
 * folder; the path under its node_modules link is returned instead, so an import by package name counts as a
 * package import (external for import/no-cycle) and not as a path into that folder (import/no-restricted-paths).
 */
function asLinked(source, resolved, file) {
  const name = source
    .split('/')
    .slice(0, source.startsWith('@') ? 2 : 1)
    .join('/');
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const link = path.join(dir, 'node_modules', name);
    if (fs.existsSync(link)) {
      const real = fs.realpathSync(link);
      return resolved.startsWith(real + path.sep) ? path.join(link, path.relative(real, resolved)) : resolved;
    }
    if (dir === path.dirname(dir)) return resolved;
  }
}

exports.interfaceVersion = 2;
exports.resolve = (source, file) => {
  if (source.startsWith('node:') || builtinModules.includes(source)) return { found: true, path: null };
  const alias = ALIASES.find(([prefix]) => source.startsWith(prefix));
  let base;
  if (alias) base = alias[1] + source.slice(alias[0].length);
  else if (source.startsWith('.') || path.isAbsolute(source)) base = path.resolve(path.dirname(file), source);
  else {
    // a package: resolved by Node from the importing file (externals are not linted for cycles)
    try {
      return { found: true, path: asLinked(source, require.resolve(source, { paths: [path.dirname(file)] }), file) };
    } catch {
      return { found: true, path: null };
    }
  }
  const hit = candidates(base).find(isFile);
  return hit ? { found: true, path: hit } : { found: false };
};
