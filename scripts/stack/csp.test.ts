import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portsFor } from './ports.js';
import { ROOT, withEmulatorOrigins } from './stack.js';

/** firebase.json's page CSP (the first Hosting rule's), as deployed. */
function deployedCsp(): string {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
  };
  const rules = config.hosting.headers;
  return rules.find((r) => r.source === '**')!.headers.find((h) => h.key === 'Content-Security-Policy')!.value;
}

const connectSrc = (csp: string) => /(?:^|;\s*)connect-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];

describe("the pages' CSP: production origins in firebase.json, emulator origins from the stack's ports", () => {
  it('firebase.json lets pages reach Auth and Cloud Storage (upload sessions), and no local port', () => {
    const sources = connectSrc(deployedCsp());
    expect(sources).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://storage.googleapis.com',
      ]),
    );
    expect(sources.filter((s) => /127\.0\.0\.1|localhost/.test(s))).toEqual([]);
  });

  it("a stack adds its Auth and Storage emulators' origins to connect-src, shifted with its ports", () => {
    const csp = withEmulatorOrigins(deployedCsp(), portsFor(2800));
    const sources = connectSrc(csp);
    for (const port of [9099 + 2800, 9199 + 2800])
      expect(sources).toEqual(expect.arrayContaining([`http://127.0.0.1:${port}`, `http://localhost:${port}`]));
    expect(sources).toContain('https://storage.googleapis.com');
    // only connect-src changes
    expect(csp.replace(/connect-src [^;]*/, '')).toBe(deployedCsp().replace(/connect-src [^;]*/, ''));
    // a policy without connect-src (the API's sandbox) stays as it is
    expect(withEmulatorOrigins("sandbox; default-src 'none'", portsFor(0))).toBe("sandbox; default-src 'none'");
  });
});
