import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Ceilings, not waits: a passing test never waits on them. The long form tests (about 6 s alone) took over 60 s beside
// the stack groups on a 2-core machine whose host was slow (a fifth of its time stolen; docs/performance.md
// 2026-12-02, fourth session), the article import's redelivery tests too.
const CEILINGS = { testTimeout: 180_000, hookTimeout: 180_000 };

const webAlias = {
  '@model': fileURLToPath(new URL('./functions/src/model', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// One command runs everything (README: `npm test`). Projects split by what they need:
// - unit: pure logic and the emulators' own conformance suites (each suite starts its emulator itself)
// - web: component tests in jsdom
// - stack: API (*.api.test.ts) and end-to-end (web/e2e) tests against the full emulator stack,
//   built and started once by a global setup; files run one after another since they share it.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['emulators/**/*.test.ts', 'functions/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.api.test.ts'],
          // a worker's files share its modules (no fork and no import of firebase-admin, the emulators' code and
          // the functions' modules per file): one run of the project 497 -> 365 s of CPU on the 2-core machine. No
          // unit file mocks a module or fakes the clock; the few that set process.env or spy restore them.
          isolate: false,
          ...CEILINGS,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/testing/setup-tests.ts'],
          // a worker's files share one jsdom window and their modules: ~1.5 s less per file (jsdom, MUI, the
          // locales); the setup file resets what a file leaves behind (docs/web.md "Component tests")
          isolate: false,
          // beforeAll may preload lazy chunks (pages, panels) so the tests wait on events, not on chunk loads
          ...CEILINGS,
        },
      },
      {
        test: {
          name: 'stack',
          include: ['scripts/stack/**/*.api.test.ts', 'functions/src/**/*.api.test.ts', 'web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['scripts/stack/test-stack.ts'],
          fileParallelism: false,
          // the files share their one worker's modules (firebase-admin, the functions' code, Playwright load once,
          // not once per file); each file resets the emulators' data itself (testing/emulator-reset.ts)
          isolate: false,
          ...CEILINGS,
        },
      },
    ],
  },
});
