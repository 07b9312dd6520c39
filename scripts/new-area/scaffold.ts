import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/**
 * `npm run new-area <name>`: writes a working area in the project's shape from the templates in
 * `scripts/new-area/templates/` (a mirror of the repository's tree; `__kebab__` and friends in paths and contents
 * become the area's names, `.tpl` is dropped), adds one import and one list entry to each registry (functions'
 * `modules.ts` AREAS, the web's `app/features.ts` FEATURES). The caller then runs `npm run indexes`.
 */

/** The names an area is written with, derived from its kebab-case name. */
interface AreaNames {
  /** `test-area`: folders, files, API and web paths, the web namespace, the area's `name` */
  kebab: string;
  /** `testArea`: variables, the Firestore collection */
  camel: string;
  /** `TestArea`: types, classes, components */
  pascal: string;
  /** `TEST_AREA`: constants */
  upper: string;
  /** `Test Area`: the menu label and the list's title until someone writes the German name */
  label: string;
}

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function areaNames(kebab: string): AreaNames {
  if (!KEBAB.test(kebab))
    throw new Error(
      `"${kebab}" is no kebab-case name: lower-case letters and digits in words joined by "-", starting with a letter (e.g. "service-reports")`,
    );
  const words = kebab.split('-');
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  return {
    kebab,
    camel: words[0]! + words.slice(1).map(cap).join(''),
    pascal: words.map(cap).join(''),
    upper: words.join('_').toUpperCase(),
    label: words.map(cap).join(' '),
  };
}

/** The template tokens and what they become (the one place the tokens are named). */
function substitute(text: string, n: AreaNames): string {
  return text
    .replace(/__kebab__/g, n.kebab)
    .replace(/__camel__/g, n.camel)
    .replace(/__Pascal__/g, n.pascal)
    .replace(/__UPPER__/g, n.upper)
    .replace(/__Label__/g, n.label);
}

const TEMPLATES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

function templateFiles(dir = TEMPLATES): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? templateFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** The files an area of this name consists of (repository-relative), from the templates. */
export function areaFiles(n: AreaNames): string[] {
  return templateFiles().map((t) => substitute(path.relative(TEMPLATES, t), n).replace(/\.tpl$/, ''));
}

/** The registries that get one import and one list entry each. */
export const REGISTRIES = {
  server: { file: 'functions/src/modules.ts', list: 'export const AREAS', importAfter: "from './modules/" },
  web: { file: 'web/src/app/features.ts', list: 'export const FEATURES', importAfter: "from '@/features/" },
} as const;

export function registryLines(n: AreaNames) {
  return {
    server: {
      import: `import { ${n.camel}Area } from './modules/${n.kebab}/${n.kebab}.module.js';`,
      entry: `  ${n.camel}Area,`,
    },
    web: {
      import: `import { ${n.camel}Feature } from '@/features/${n.kebab}/feature';`,
      entry: `  ${n.camel}Feature,`,
    },
  };
}

/** Why an area of this name cannot be written into `root` (empty: it can). */
export function refusals(root: string, n: AreaNames): string[] {
  const out: string[] = [];
  const folders = [`functions/src/modules/${n.kebab}/`, `web/src/features/${n.kebab}/`];
  for (const dir of folders) if (fs.existsSync(path.join(root, dir))) out.push(`${dir} exists already`);
  for (const file of areaFiles(n))
    if (!folders.some((dir) => file.startsWith(dir)) && fs.existsSync(path.join(root, file)))
      out.push(`${file} exists already`);
  for (const side of ['server', 'web'] as const) {
    const text = fs.readFileSync(path.join(root, REGISTRIES[side].file), 'utf8');
    const name = side === 'server' ? `${n.camel}Area` : `${n.camel}Feature`;
    if (new RegExp(`\\b${name}\\b`).test(text)) out.push(`${REGISTRIES[side].file} already names ${name}`);
    if (!text.includes(`${REGISTRIES[side].list}`))
      out.push(`${REGISTRIES[side].file} has no "${REGISTRIES[side].list}"`);
  }
  const taken = usedNames(root, n);
  if (taken) out.push(taken);
  return out;
}

/** A route path or Firestore collection of that name in use already (an area named "article" would shadow one). */
function usedNames(root: string, n: AreaNames): string | undefined {
  const sources = [...walk(path.join(root, 'functions/src')), ...walk(path.join(root, 'web/src'))]
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes(`${path.sep}testing${path.sep}`))
    .map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));
  const route = new RegExp(`['\`]/${n.kebab}(['\`/?])`);
  const collection = new RegExp(`(collection\\(|collectionGroup:\\s*|[A-Z_]+\\s*=\\s*)'${n.camel}'`);
  const onRoute = sources.find((s) => route.test(s.text));
  if (onRoute) return `the path /${n.kebab} is in use already (${onRoute.file})`;
  const inStore = sources.find((s) => collection.test(s.text));
  if (inStore) return `the collection ${n.camel} is in use already (${inStore.file})`;
  return undefined;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Writes the area's files (formatted with the project's Prettier settings) and its two registry lines per side. */
export async function writeArea(root: string, n: AreaNames): Promise<string[]> {
  const written: string[] = [];
  for (const template of templateFiles()) {
    const file = substitute(path.relative(TEMPLATES, template), n).replace(/\.tpl$/, '');
    const target = path.join(root, file);
    const options = await prettier.resolveConfig(target);
    const text = await prettier.format(substitute(fs.readFileSync(template, 'utf8'), n), {
      ...options,
      filepath: target,
    });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text, { flag: 'wx' });
    written.push(file);
  }
  const lines = registryLines(n);
  for (const side of ['server', 'web'] as const)
    register(path.join(root, REGISTRIES[side].file), REGISTRIES[side], lines[side]);
  return written;
}

/** Adds the import after the registry's last area import and the entry as the list's last element. */
function register(
  file: string,
  registry: { list: string; importAfter: string },
  line: { import: string; entry: string },
): void {
  const rows = fs.readFileSync(file, 'utf8').split('\n');
  const imports = rows.map((r, i) => (r.startsWith('import ') && r.includes(registry.importAfter) ? i : -1));
  const lastImport = Math.max(...imports);
  const listStart = rows.findIndex((r) => r.startsWith(registry.list));
  const listEnd = rows.findIndex((r, i) => i > listStart && r === '];');
  if (lastImport < 0 || listStart < 0 || listEnd < 0) throw new Error(`${file}: cannot find where to register`);
  rows.splice(listEnd, 0, line.entry);
  rows.splice(lastImport + 1, 0, line.import);
  fs.writeFileSync(file, rows.join('\n'));
}
