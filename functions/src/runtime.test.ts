import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));

// Production, the local stack and the tests run one Node.js major version: firebase.json's runtime
// (what a deploy creates), the functions' engines, the npm-provided `node` binary that every npm script
// runs on, and the Node.js running this test must agree.
describe('one Node.js major version everywhere', () => {
  const runtime = read('../../firebase.json').functions[0].runtime as string;
  const major = /^nodejs(\d+)$/.exec(runtime)?.[1];

  it('firebase.json deploys a supported nodejs runtime', () => {
    expect(major).toBeDefined();
    expect(Number(major)).toBeGreaterThanOrEqual(22);
  });

  it('the functions declare the same major in engines', () => {
    expect(read('../package.json').engines.node).toBe(major);
  });

  it('npm scripts run on the npm-provided node of that major', () => {
    expect(read('../../package.json').devDependencies.node.split('.')[0]).toBe(major);
  });

  it('this test itself runs on that major', () => {
    expect(process.versions.node.split('.')[0]).toBe(major);
  });
});
