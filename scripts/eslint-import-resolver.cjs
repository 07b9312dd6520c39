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
      return { found: true, path: require.resolve(source, { paths: [path.dirname(file)] }) };
    } catch {
      return { found: true, path: null };
    }
  }
  const hit = candidates(base).find(isFile);
  return hit ? { found: true, path: hit } : { found: false };
};
