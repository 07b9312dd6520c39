import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/**
 * The version of the locale files: a hash of public/locales. The loader puts it in their addresses
 * (config/i18n-loading.ts), so Hosting can let browsers keep them for good: a page load asked for every namespace
 * file again (19 revalidations of about 120 requests).
 */
function localesVersion(): string {
  const root = fileURLToPath(new URL('./public/locales', import.meta.url));
  const hash = createHash('sha256');
  for (const language of readdirSync(root).sort())
    for (const file of readdirSync(join(root, language)).sort())
      hash.update(`${language}/${file}\0`).update(readFileSync(join(root, language, file)));
  return hash.digest('hex').slice(0, 12);
}

/** pdf.js' data files the viewer asks for by name under /pdfjs/ (components/pdf-viewer/pdfjs-loader.ts). */
const PDFJS_DATA: Record<string, (name: string) => boolean> = {
  // the standard fonts a PDF may name without embedding them
  standard_fonts: (name) => /\.(pfb|ttf)$/.test(name) || name.startsWith('LICENSE'),
  // the JavaScript image decoders (JBIG2/CCITT, JPEG 2000): the CSP allows no WebAssembly, so not the .wasm files
  wasm: (name) => name.endsWith('_nowasm_fallback.js') || name.startsWith('LICENSE'),
};

/**
 * Serves (dev) and emits (build) pdf.js' data files under /pdfjs/<folder>/ with their own names, which pdf.js builds
 * from a base URL: fetched only by the viewer, only when a PDF needs them. Copied from the installed pdfjs-dist,
 * so an upgrade brings its own.
 */
function pdfjsData(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const files = Object.entries(PDFJS_DATA).flatMap(([folder, wanted]) =>
    readdirSync(join(root, folder))
      .filter(wanted)
      .map((name) => ({ url: `/pdfjs/${folder}/${name}`, file: join(root, folder, name) })),
  );
  return {
    name: 'schrankwerk-pdfjs-data',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const found = files.find((f) => f.url === req.url);
        if (!found) return next();
        res.setHeader('Content-Type', found.file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        res.end(readFileSync(found.file));
      });
    },
    generateBundle() {
      for (const { url, file } of files)
        this.emitFile({ type: 'asset', fileName: url.slice(1), source: readFileSync(file) });
    },
  };
}

const BOOT_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-is|react-router|react-router-dom|i18next|react-i18next|@emotion|stylis|hoist-non-react-statics|@babel|clsx|@mui[\\/](system|utils|styled-engine|private-theming)|firebase|@firebase|idb)[\\/]/;

// A build is always a production build, whatever NODE_ENV the caller runs with: the test stack builds from inside
// vitest (NODE_ENV=test), which made Vite bundle React's development builds (jsx-dev-runtime, 2.5x the size) and
// so tested something else than what is deployed. Set before Vite reads it (after loading this file).
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  plugins: [react(), buildInfo(), pdfjsData()],
  define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(localesVersion()) },
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
    rolldownOptions: {
      output: {
        // The libraries every first page runs in one chunk: left to the bundler, /login loaded them in about 25 small
        // chunks whose split moved whenever an unrelated lazy page changed its imports (and compressed worse).
        // MUI's components are not in it: pages bring the ones they use.
        advancedChunks: { groups: [{ name: 'boot', test: BOOT_LIBRARIES }] },
      },
    },
  },
});
