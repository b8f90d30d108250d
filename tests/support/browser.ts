import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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
    // A build for another environment (say `npm run build`'s production one) is not reused: the build
    // indicator and other environment-dependent parts differ.
    const appEnv = process.env.APP_ENV ?? 'test';
    const marker = join(CLIENT, 'dist', '.app-env');
    const sameEnv = existsSync(marker) && readFileSync(marker, 'utf8') === appEnv;
    if (sameEnv && existsSync(index) && statSync(index).mtimeMs >= sources) return;
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: CLIENT,
      stdio: 'inherit',
      env: { ...process.env, APP_ENV: appEnv },
    });
    writeFileSync(marker, appEnv);
  });
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations seen so far (close() fails the suite when there are any). */
  cspViolations: string[];
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
  // The e2e tests run under the gateway's CSP: any violation, reported by the page's
  // securitypolicyviolation event or Chromium's console message, fails the suite at close().
  const cspViolations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const watch = (p: Page) =>
    p.on('console', (m) => {
      const text = m.text();
      if (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text)) cspViolations.push(text);
    });
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  watch(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    cspViolations,
    async screenshot(name) {
      const path = join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
      if (cspViolations.length > 0) {
        throw new Error(
          `Content-Security-Policy violations in the browser:\n  ${[...new Set(cspViolations)].join('\n  ')}`,
        );
      }
    },
  };
}
