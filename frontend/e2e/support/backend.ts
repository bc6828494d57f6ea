import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** How much of the server's output to keep for an error message. */
const LOG_LIMIT = 64 * 1024;

export interface RunningBackend {
  baseURL: string;
  /** The server's DATA_DIR: its database, and the local mail outbox (no SMTP_URL is set). */
  dataDir: string;
  stop: () => Promise<void>;
}

/** The binary under test: $CONSOLE_BIN, else the one `make build` writes. */
export function consoleBinary(frontendRoot: string): string {
  return path.resolve(frontendRoot, process.env.CONSOLE_BIN ?? '../backend/bin/console');
}

/** A port nobody listens on right now (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('could not pick a free port'));
      });
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts the console binary on a fresh SQLite database with the demo data and waits for
 * /readyz. Fails with the server's own output when it dies or never becomes ready.
 */
export async function startBackend(binary: string): Promise<RunningBackend> {
  if (!existsSync(binary)) {
    throw new Error(
      `Backend binary not found at ${binary}. Build it with \`make build\` from the repository root ` +
        '(it embeds the SPA), or point CONSOLE_BIN at one.',
    );
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rouder-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    APP_ENV: 'LOCAL',
    // Links in notifications point where the browser reaches this server.
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    // The support dialog's contact address, as `make run` sets it.
    SUPPORT_MAIL_ADDRESS: 'support@rouder.example',
  };
  // The embedded SQLite database, never a PostgreSQL the developer happens to have configured,
  // and mail into the outbox under DATA_DIR (the e-mail code test reads it there).
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  const child = spawn(binary, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  // Should the test run itself be killed, take the server down with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exited(child)) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await gone;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const failure = await Promise.race([spawnError, sleep(250, undefined)]);
    if (failure) {
      await stop();
      throw new Error(`Could not start ${binary}: ${failure.message}`);
    }
    if (exited(child)) {
      await stop();
      const status = String(child.exitCode ?? child.signalCode);
      throw new Error(`${binary} exited (${status}) before it was ready. Its output:\n${log}`);
    }
    if (await answers200(`${baseURL}/readyz`)) return { baseURL, dataDir, stop };
    if (Date.now() > deadline) {
      await stop();
      const limit = `${READY_TIMEOUT_MS / 1000} s`;
      throw new Error(`${binary} was not ready on ${baseURL}/readyz within ${limit}. Its output:\n${log}`);
    }
  }
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}
