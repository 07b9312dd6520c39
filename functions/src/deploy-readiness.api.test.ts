import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// What `npm run deploy` (firebase deploy) would load, checked offline against the build the stack's
// global setup made: firebase-tools' own function discovery and parameter resolution, firebase.json,
// the rules and the index file. Lives in the stack project only because it needs functions/lib and web/dist.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT_ID = 'demo-schrankwerk';
const require = createRequire(import.meta.url);
const tools = (p: string) => require(path.join(ROOT, 'node_modules/firebase-tools/lib', p));

const firebaseJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
const demoEnv = parseEnv(fs.readFileSync(path.join(ROOT, 'functions', `.env.${PROJECT_ID}`), 'utf8'));

interface Endpoint {
  region: string;
  runtime: string;
  httpsTrigger?: object;
  taskQueueTrigger?: object;
}
interface Build {
  endpoints: Record<string, Endpoint>;
  params: { name: string }[];
}

let build: Build;
let resolved: { endpoints: Record<string, Record<string, Endpoint>> };

beforeAll(async () => {
  const { Delegate } = tools('deploy/functions/runtimes/node/index.js');
  const source = firebaseJson.functions[0];
  const delegate = new Delegate(PROJECT_ID, ROOT, path.join(ROOT, source.source), source.runtime);
  await delegate.validate();
  build = await delegate.discoverBuild({}, { GCLOUD_PROJECT: PROJECT_ID });
  // The same non-interactive parameter resolution `firebase deploy` runs in CI: fails on a missing value.
  const userEnvs = tools('functions/env.js').loadUserEnvs({
    functionsSource: path.join(ROOT, source.source),
    projectDir: ROOT,
    projectId: PROJECT_ID,
    isEmulator: false,
  });
  resolved = (
    await tools('deploy/functions/build.js').resolveBackend({
      build,
      firebaseConfig: { projectId: PROJECT_ID },
      userEnvs,
      nonInteractive: true,
      isEmulator: false,
    })
  ).backend;
}, 120_000);

describe('deploy readiness (offline)', () => {
  it('firebase-tools discovers the api function from the build, on the runtime of firebase.json', () => {
    expect(build.endpoints.api).toMatchObject({ runtime: firebaseJson.functions[0].runtime, httpsTrigger: {} });
    for (const endpoint of Object.values(build.endpoints))
      expect(endpoint.runtime).toBe(firebaseJson.functions[0].runtime);
  });

  it('every declared parameter has a value in the demo project file, and the file holds nothing else', () => {
    expect(build.params.map((p) => p.name).sort()).toEqual(Object.keys(demoEnv).sort());
  });

  it('the functions resolve to the region the Hosting rewrite calls', () => {
    const rewrite = firebaseJson.hosting.rewrites.find((r: { function?: object }) => r.function);
    const region = demoEnv.REGION ?? '';
    expect(rewrite.function.region).toBe(region);
    expect(Object.keys(resolved.endpoints)).toEqual([region]);
    expect(Object.keys(resolved.endpoints[region]!)).toContain(rewrite.function.functionId);
  });

  it('firebase.json references what exists and builds before it deploys', () => {
    expect(fs.existsSync(path.join(ROOT, firebaseJson.hosting.public, 'index.html'))).toBe(true);
    expect(firebaseJson.hosting.ignore).toContain('**/*.map'); // source maps stay private
    expect(firebaseJson.hosting.predeploy.join(' ')).toContain('build');
    expect(firebaseJson.functions[0].predeploy.join(' ')).toContain('build');
    const main = JSON.parse(fs.readFileSync(path.join(ROOT, 'functions/package.json'), 'utf8')).main;
    expect(fs.existsSync(path.join(ROOT, 'functions', main))).toBe(true);
    for (const file of [firebaseJson.firestore.rules, firebaseJson.firestore.indexes, firebaseJson.storage.rules]) {
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
    }
  });

  it('the rules deny every client access for the right service', () => {
    const rules = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const [file, service] of [
      [firebaseJson.firestore.rules, 'cloud.firestore'],
      [firebaseJson.storage.rules, 'firebase.storage'],
    ]) {
      const text = rules(file!);
      expect(text).toMatch(/^rules_version = '2';/);
      expect(text).toContain(`service ${service} {`);
      expect(text.split('{').length).toBe(text.split('}').length);
      expect(text.match(/allow [^;]+;/g)).toEqual(['allow read, write: if false;']);
    }
  });

  it('firestore.indexes.json is well-formed for the Firestore admin API', () => {
    const { indexes, fieldOverrides } = JSON.parse(
      fs.readFileSync(path.join(ROOT, firebaseJson.firestore.indexes), 'utf8'),
    );
    expect(Array.isArray(indexes) && Array.isArray(fieldOverrides)).toBe(true);
    const keys = new Set<string>();
    for (const index of indexes) {
      expect(index.collectionGroup).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      expect(['COLLECTION', 'COLLECTION_GROUP']).toContain(index.queryScope);
      expect(index.fields.length).toBeGreaterThanOrEqual(2);
      for (const field of index.fields) {
        expect(typeof field.fieldPath).toBe('string');
        const modes = ['order', 'arrayConfig', 'vectorConfig'].filter((m) => m in field);
        expect(modes).toHaveLength(1);
      }
      const key = JSON.stringify(index);
      expect(keys.has(key), `duplicate index ${key}`).toBe(false);
      keys.add(key);
    }
    for (const override of fieldOverrides) {
      expect(typeof override.collectionGroup).toBe('string');
      expect(typeof override.fieldPath).toBe('string');
    }
  });

  it('the Functions emulator runs the functions on the same Node.js major it deploys', () => {
    const major = /^nodejs(\d+)$/.exec(firebaseJson.functions[0].runtime)![1];
    // the log of this test's stack (scripts/stack/test-stack.ts; npm test runs two, each with its own log)
    const log = fs.readFileSync(process.env.STACK_LOG_FILE ?? path.join(ROOT, '.tmp/stack.log'), 'utf8');
    expect(log).toContain(`Using node@${major} from host`);
    expect(log).not.toMatch(/doesn't match your global version/);
  });
});
