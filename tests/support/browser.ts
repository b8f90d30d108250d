import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const ROOT = join(__dirname, '..', '..');
const CLIENT = join(ROOT, 'client');
export const SCREENSHOTS = join(ROOT, 'test-artifacts', 'screenshots');

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const BUILD_LOCK = join(tmpdir(), 'infinitum-client-build.lock');

/** Runs `fn` while holding a lock directory, so parallel e2e files never rebuild under each other. */
function withBuildLock(fn: () => void): void {
  const waitUntil = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      // A lock older than five minutes belongs to a run that died.
      const heldSince = statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() > waitUntil || Date.now() - heldSince > 5 * 60_000) {
        rmSync(BUILD_LOCK, { recursive: true, force: true });
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    fn();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds client/dist when it is missing or older than the client's sources, so the gateway serves the
 * code under test. Checked and built under a lock: a second test file waits and then finds it fresh.
 */
export function ensureClientBuilt(): void {
  withBuildLock(() => {
    const index = join(CLIENT, 'dist', 'index.html');
    const sources = Math.max(
      newestMtime(join(CLIENT, 'src')),
      newestMtime(join(CLIENT, 'index.html')),
      newestMtime(join(CLIENT, 'vite.config.ts')),
    );
    if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: CLIENT,
      stdio: 'inherit',
      env: { ...process.env, APP_ENV: process.env.APP_ENV ?? 'test' },
    });
  });
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Saves a full-page PNG to test-artifacts/screenshots/<name>.png. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Headless Chromium (/usr/bin/chromium) with a fresh profile; one context and page. */
export async function openBrowser(baseURL: string, viewport = { width: 1440, height: 900 }): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'infinitum-chromium-'));
  // A fresh --user-data-dir per run: Playwright takes it as the persistent context's directory.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    baseURL,
    viewport,
    acceptDownloads: true,
    locale: 'en-NZ',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    async screenshot(name) {
      const path = join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
