// Writes the committed generated files, or with --check proves they are current.
//
//   src/lib/api/schema.gen.ts  <- openapi-typescript from ../backend/api/openapi.yaml
//   src/routeTree.gen.ts       <- TanStack Router's generator from src/routes (tsr.config.json)
//
// The check regenerates both in a scratch directory and compares, so it never touches the
// working tree; CI runs it to catch a contract or route change committed without regeneration.
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const openapiSpec = path.resolve(root, '../backend/api/openapi.yaml');
const schemaFile = 'src/lib/api/schema.gen.ts';
const routesDir = 'src/routes';
const routeTreeFile = 'src/routeTree.gen.ts';

/** @param {string} specPath */
async function renderSchema(specPath) {
  const ast = await openapiTS(pathToFileURL(specPath));
  return COMMENT_HEADER + astToString(ast);
}

/**
 * Runs the router generator in `projectRoot`, which must hold tsr.config.json and src/routes.
 * @param {string} projectRoot
 */
async function generateRouteTree(projectRoot) {
  const config = getConfig({ tmpDir: path.join(projectRoot, '.tanstack', 'tmp') }, projectRoot);
  await new Generator({ config, root: projectRoot }).run();
}

async function write() {
  await writeFile(path.join(root, schemaFile), await renderSchema(openapiSpec));
  await generateRouteTree(root);
  console.log(`generated ${schemaFile} and ${routeTreeFile}`);
}

/**
 * Lists files under `dir`, relative to it.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * @param {string} file
 * @returns {Promise<string | undefined>}
 */
async function readIfExists(file) {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function check() {
  const scratch = await mkdtemp(path.join(tmpdir(), 'rouder-generated-'));
  try {
    // Same relative layout as the project, so the generated imports come out identical.
    await cp(path.join(root, 'tsr.config.json'), path.join(scratch, 'tsr.config.json'));
    await cp(path.join(root, routesDir), path.join(scratch, routesDir), { recursive: true });
    await generateRouteTree(scratch);

    // The generator may also rewrite a route file whose createFileRoute('…') path is wrong.
    const compared = [
      routeTreeFile,
      ...(await listFiles(path.join(scratch, routesDir))).map((file) => path.join(routesDir, file)),
    ];
    const stale = [];
    for (const file of compared) {
      const expected = await readFile(path.join(scratch, file), 'utf8');
      if ((await readIfExists(path.join(root, file))) !== expected) stale.push(file);
    }
    const expectedSchema = await renderSchema(openapiSpec);
    if ((await readIfExists(path.join(root, schemaFile))) !== expectedSchema) stale.push(schemaFile);

    if (stale.length > 0) {
      console.error(
        `Generated files are stale (run \`npm run generate\` and commit the result):\n  ${stale.join('\n  ')}`,
      );
      process.exitCode = 1;
      return;
    }
    console.log(`generated files are current: ${schemaFile}, ${routeTreeFile}`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await (process.argv.includes('--check') ? check() : write());
