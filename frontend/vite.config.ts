import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The Go server (`make run`) that answers everything outside the SPA during `npm run dev`. */
const backend = 'http://127.0.0.1:8080';

/** Server-side paths the dev server hands to the backend (docs/product/errors.md and the probes). */
const proxiedPaths = [
  '/api',
  '/login',
  '/logout',
  '/unique_range',
  '/mfa_required',
  '/support',
  '/healthz',
  '/readyz',
];

/**
 * The public survey answer page (/home/a/{surveyKey}) is its own entry, answer.html: no console
 * code. The Go binary answers /home/a/* with it (platform/spa); this does the same for `npm run dev`.
 */
function answerPageInDev(): Plugin {
  return {
    name: 'rouder-answer-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/home/a/')) req.url = '/home/answer.html';
        next();
      });
    },
  };
}

export default defineConfig({
  // The console lives under /home (docs/product/constants.md); the Go binary embeds dist/ there.
  base: '/home/',
  plugins: [
    // Must run before the React plugin: it generates src/routeTree.gen.ts from tsr.config.json
    // and splits each route's component into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    answerPageInDev(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: backend }])),
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: what each page loads, read by the size budget (scripts/size-budget.mjs).
    manifest: true,
    emptyOutDir: true,
    // The entry holds what the sign-in screen and every other screen need first: the router with the
    // routes' search readers and loaders, and the query cache, about 180 kB (60 kB gzip), plus React
    // and ReactDOM in a chunk shared with the answer page (client-*.js, 223 kB, 70 kB gzip). antd loads
    // with the first part that draws with it (src/app/providers/lazyAntd.tsx), never before sign-in.
    // Screens are split per route; the signed-in shell, the login screen, dialogs and rare screens are
    // chunks of their own. scripts/size-budget.mjs holds each page to a budget.
    chunkSizeWarningLimit: 500,
    rollupOptions: {
      // Two pages: the console, and the public survey answer page (its own 4 kB gzip + React's chunk).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        answer: fileURLToPath(new URL('./answer.html', import.meta.url)),
      },
      output: {
        // Many screens share small modules; as chunks of their own they were dozens of requests per
        // screen, which a browser talking HTTP/1.1 to the binary sends six at a time (docs/benchmarks.md).
        experimentalMinChunkSize: 40_000,
        // The chunk both pages share, named as before the answer page folded mail addresses too:
        // React, ReactDOM, lib/validation/normalize (else Rollup names it after that module) and
        // Vite's module preload polyfill (a chunk of its own, Rollup merged other small modules into
        // it, which the answer page then loaded).
        manualChunks: (id) =>
          /\/node_modules\/(react|react-dom|scheduler)\/|\/src\/lib\/validation\/normalize\.ts$|vite\/modulepreload-polyfill/.test(id)
            ? 'client'
            : undefined,
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
});
