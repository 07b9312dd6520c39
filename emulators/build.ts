// Builds the installable package into emulators/dist (README.md "The package"): the production files compiled to
// JavaScript (tsconfig.build.json), the Firestore .proto files the emulator loads, tasks/runtime-env.cjs, the guide
// and a package.json of its own (one bin, exports to the compiled servers, runtime dependencies only).
// `npm run pack -w emulators` builds and packs it; the repository itself runs the TypeScript sources through tsx.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(HERE, 'dist');
const require = createRequire(import.meta.url);

/** The .proto files `name` imports, transitively (itself included), relative to `root`. */
function protoClosure(root: string, name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const text = fs.readFileSync(path.join(root, name), 'utf8');
  for (const m of text.matchAll(/^import\s+(?:public\s+)?"([^"]+)";/gm)) protoClosure(root, m[1]!, seen);
  return seen;
}

function copyProtos(dist: string): number {
  // the official client ships the exact .proto files it speaks (firestore/proto.ts loads them from here in the repo)
  const root = path.join(path.dirname(require.resolve('@google-cloud/firestore/package.json')), 'build', 'protos');
  const files = protoClosure(root, 'google/firestore/v1/firestore.proto');
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dist, 'protos', file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dist, 'protos', file));
  }
  return files.size;
}

function writeManifest(dist: string): void {
  const source = JSON.parse(fs.readFileSync(path.join(HERE, 'package.json'), 'utf8'));
  const manifest = {
    name: source.name,
    version: source.version,
    description: source.description,
    // not for the public registry until the project picks a licence (README.md "The package")
    private: true,
    type: 'module',
    engines: { node: '>=20.19' },
    bin: { 'schrankwerk-emulators': './cli.js' },
    exports: {
      './firestore': './firestore/server.js',
      './storage': './storage/server.js',
      './tasks': './tasks/server.js',
      './tasks/runtime-env.cjs': './tasks/runtime-env.cjs',
      './package.json': './package.json',
    },
    dependencies: source.dependencies,
  };
  fs.writeFileSync(path.join(dist, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
}

/** Compiles and assembles the package from scratch in `dist` (emulators/dist unless told). */
export function buildPackage(dist = DIST): void {
  fs.rmSync(dist, { recursive: true, force: true });
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(HERE, 'tsconfig.build.json'), '--outDir', dist], {
    stdio: 'inherit',
  });
  fs.copyFileSync(path.join(HERE, 'tasks', 'runtime-env.cjs'), path.join(dist, 'tasks', 'runtime-env.cjs'));
  fs.copyFileSync(path.join(HERE, 'README.md'), path.join(dist, 'README.md'));
  const protos = copyProtos(dist);
  writeManifest(dist);
  console.log(`Package built in ${dist} (${protos} .proto files)`);
}

/** `npm pack` of a built package into `destination`; returns the tarball's path. */
export function packPackage(dist: string, destination: string): string {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: dist,
    encoding: 'utf8',
  });
  const [{ filename }] = JSON.parse(out) as [{ filename: string }];
  return path.join(destination, filename);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildPackage();
  if (process.argv[2] === '--pack') console.log(packPackage(DIST, path.resolve(process.argv[3] ?? process.cwd())));
}
