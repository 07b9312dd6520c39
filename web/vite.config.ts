import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_VERSION, BUILD_DATE } from '../functions/src/model/constants.ts';

/**
 * Writes web/public/build-info.json ({ buildDate, version } from the model constants) at build start, so
 * it lands in dist/ and the running app can compare its bundled BUILD_DATE with the deployed one.
 */
function buildInfo(): Plugin {
  const content = `${JSON.stringify({ buildDate: BUILD_DATE, version: APP_VERSION }, null, 2)}\n`;
  return {
    name: 'schrankwerk-build-info',
    buildStart() {
      writeFileSync(fileURLToPath(new URL('./public/build-info.json', import.meta.url)), content);
    },
  };
}

// A build is always a production build, whatever NODE_ENV the caller runs with: the test stack builds from inside
// vitest (NODE_ENV=test), which made Vite bundle React's development builds (jsx-dev-runtime, 2.5x the size) and
// so tested something else than what is deployed. Set before Vite reads it (after loading this file).
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  plugins: [react(), buildInfo()],
  resolve: {
    alias: {
      // The isomorphic model (types, enums, yup schemas, pure rules) is shared with the functions.
      '@model': fileURLToPath(new URL('../functions/src/model', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  // `npm run dev -w web`: the API (and everything else) comes from the running emulator stack (`npm start`)
  server: { proxy: { '/api': 'http://127.0.0.1:5000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    // Firebase Auth in a chunk of its own: left to the bundler it moved into the entry chunk when an unrelated lazy
    // page changed its imports, and the entry compressed worse (+3 KB on /login)
    rolldownOptions: {
      output: {
        advancedChunks: { groups: [{ name: 'firebase-auth', test: /[\\/]node_modules[\\/]@?firebase[\\/]/ }] },
      },
    },
  },
});
