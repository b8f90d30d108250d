import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { defineConfig, runnerImport, type Plugin } from 'vite';
// @ts-expect-error a plain ESM script without type declarations
import { precompress } from './scripts/precompress.mjs';
import { PAGE_SHELLS, shellMarkup } from './src/app/page-shells.ts';
import { loginShellMarkup } from './src/public/login-shell.ts';

/** Every build ships .br and .gz beside its text files, served as they are (issue 18). */
const precompressed = (): Plugin => {
  let outDir = resolve(import.meta.dirname, 'dist');
  return {
    name: 'infinitum-precompress',
    apply: 'build',
    configResolved(config) {
      // `vite build --outDir` elsewhere compresses that build, not client/dist.
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      console.log(precompress(outDir));
    },
  };
};

/**
 * The entry (src/boot.ts) imports main.tsx only once it runs, after a page shell's first paint. main.tsx with
 * its static imports (React, the session store) and the public core chunk (Chakra's styling engine and tokens,
 * see `publicCore`, which main.tsx asks for only once it runs) are on every first screen, public or signed in,
 * so the HTML preloads them: they download beside the entry, not a round trip or two after it (issue 18).
 */
const preloadMain = (): Plugin => ({
  name: 'infinitum-preload-main',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const chunks = new Map(
        Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
      );
      const main = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith('/src/main.tsx'));
      const core = [...chunks.values()].find((c) => c.name === 'public-core');
      if (!main || !core) throw new Error('no main.tsx or public-core chunk to preload');
      const files = new Set<string>();
      const add = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        chunks.get(file)?.imports.forEach(add);
      };
      add(main.fileName);
      add(core.fileName);
      return [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
    },
  },
});

/**
 * `shell/<page>.html` for each page of src/app/page-shells.ts and for /login (src/public/login-shell.ts): the
 * built index.html with the page's first screen in #root, which the gateway answers for /<page> so a phone paints
 * it before the scripts run.
 */
const pageShells = (): Plugin => ({
  name: 'infinitum-page-shells',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const index = bundle['index.html'];
    if (index?.type !== 'asset') throw new Error('no index.html to draw the page shells into');
    const html = String(index.source);
    const root = '<div id="root"></div>';
    if (!html.includes(root)) throw new Error(`index.html has no ${root}`);
    const shells: [string, string][] = [
      ...Object.keys(PAGE_SHELLS).map((page): [string, string] => [page, shellMarkup(page)]),
      ['login', loginShellMarkup()],
    ];
    // The signed-in pages' HTML loads the app's global CSS beside the scripts, as print-only so it neither
    // holds back the shell's paint nor restyles it: the app's first commit makes it apply (main.tsx).
    if (!appGlobalCssHref) throw new Error('no app global CSS to link from the page shells');
    const appCss = `<link rel="stylesheet" href="${appGlobalCssHref}" media="print" data-app-css>`;
    for (const [page, markup] of shells) {
      let source = html.replace(root, `<div id="root">${markup}</div>`);
      if (page in PAGE_SHELLS) source = source.replace('</head>', `  ${appCss}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: `shell/${page}.html`, source });
    }
  },
});

const fieldAnatomy = '\0infinitum-field-anatomy';
/**
 * Chakra's field recipe (on every public page) imports its anatomy from the module that builds all ~40
 * component anatomies; it gets the same field anatomy from a module of its own, so the public pages' core
 * chunk does not carry the others (issue 18).
 */
const fieldRecipeAnatomy = (): Plugin => ({
  name: 'infinitum-field-recipe-anatomy',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../../anatomy.js' && importer && /theme[\\/]recipes[\\/]field\.js$/.test(importer))
      return fieldAnatomy;
  },
  load(id) {
    if (id === fieldAnatomy)
      // As @chakra-ui/react/dist/esm/anatomy.js defines it.
      return `import { fieldAnatomy as ark } from '@ark-ui/react/field';
export const fieldAnatomy = ark.extendWith('requiredIndicator');`;
  },
});

/** Chakra's theme files one by one (the package's `./theme` entry builds the whole default theme). */
const chakraTheme = resolve(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/theme',
);

const chakraThemeAlias = { find: /^@chakra-theme\/(.*)$/, replacement: `${chakraTheme}/$1.js` };
/** The shared rules from their TypeScript source (the package's dist/ is for the gateway's production build). */
const rulesAlias = { find: /^@infinitum\/rules$/, replacement: resolve(import.meta.dirname, '../packages/rules/src/index.ts') };

const APP_GLOBAL_CSS = 'virtual:app-global-css';
/** The stylesheet's address once buildStart has written it (null in the dev server). */
let appGlobalCssHref: string | null = null;
/**
 * The signed-in app's global CSS as a stylesheet of the build (issue 18): Chakra's preflight, global CSS and
 * the tokens' ~40 KB of CSS variables, which createSystem computed and emotion's Global serialised on every
 * signed-in first load, two of a phone's longest tasks. The build computes them in Node with the app's own
 * system (src/app/global-css.ts) and writes `assets/app-global-<hash>.css`; `virtual:app-global-css` answers
 * its address (null in the dev server, where the system computes them as before). main.tsx loads it and builds
 * the system with `globalCssInStylesheet`, which Chakra's createSystem reads once patched here: with it, the
 * system's `_global` is empty and the provider injects nothing of it.
 */
const appGlobalCss = (): Plugin => {
  const systemModule = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  let build = false;
  return {
    name: 'infinitum-app-global-css',
    configResolved(config) {
      build = config.command === 'build';
    },
    async buildStart() {
      if (!build) return;
      const root = import.meta.dirname;
      const { module } = await runnerImport<typeof import('./src/app/global-css.ts')>(
        resolve(root, 'src/app/global-css.ts'),
        { root, configFile: false, logLevel: 'warn', resolve: { alias: [chakraThemeAlias, rulesAlias] } },
      );
      const css = module.appGlobalStylesheet();
      if (!css.includes('--chakra-colors-primary:')) throw new Error('app-global-css: no token variables in the CSS');
      appGlobalCssHref = `/assets/app-global-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName: appGlobalCssHref.slice(1), source: css });
    },
    resolveId(source) {
      if (source === APP_GLOBAL_CSS) return `\0${APP_GLOBAL_CSS}`;
    },
    load(id) {
      if (id === `\0${APP_GLOBAL_CSS}`) return `export default ${JSON.stringify(appGlobalCssHref)};`;
    },
    transform(code, id) {
      if (!systemModule.test(id)) return;
      // A Chakra whose createSystem no longer has this line fails the build instead of ignoring the flag.
      if (!code.includes(eager)) throw new Error(`app-global-css: ${id} no longer has "${eager}"`);
      return code.replace(
        eager,
        'const _global = config.globalCssInStylesheet ? [] : [getPreflightCss(), getGlobalCss(), getTokenCss()];',
      );
    },
  };
};

/**
 * What every public page renders with, and the signed-in app too: Chakra's styling engine (emotion, the
 * styled system, the base preset, the theme's tokens), the recipes and components of the login form, and
 * what they import (included recursively by rolldown).
 */
const publicCore = new RegExp(
  [
    String.raw`/node_modules/(@emotion|stylis|@pandacss|react-is|hoist-non-react-statics)/`,
    String.raw`/@chakra-ui/react/dist/esm/(styled-system|utils|preset-base)`,
    String.raw`/@chakra-ui/react/dist/esm/theme/(tokens|semantic-tokens|global-css|layer-styles|motion-styles|text-styles)`,
    String.raw`/@chakra-ui/react/dist/esm/theme/recipes/(button|heading|input|link|spinner|field)\.`,
    String.raw`/@chakra-ui/react/dist/esm/components/(span|absolute-center|loader|button|flex|heading|input|link|stack|field|icon|box|text|input-addon|input-element|input-group|group|spinner)/`,
    String.raw`/client/src/(app/(brand|theme-base)|components/(Logo|FullScreenSpinner))\.`,
  ].join('|'),
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), fieldRecipeAnatomy(), appGlobalCss(), preloadMain(), pageShells(), precompressed()],
  resolve: { alias: [chakraThemeAlias, rulesAlias] },
  define: {
    __APP_VERSION__: JSON.stringify('3.1.0'),
    __APP_BUILD__: JSON.stringify('aug25-rc'),
    // The build/environment indicator shows outside production (spec 2).
    __APP_ENV__: JSON.stringify(process.env.APP_ENV ?? (mode === 'production' ? 'production' : 'development')),
  },
  server: {
    proxy: { '/api': 'http://localhost:4000', '/graphql': 'http://localhost:4000', '/t': 'http://localhost:4000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // Every browser the client supports preloads modules itself (Chrome 66, Firefox 115, Safari 17): Vite's
    // polyfill, ~0.2 KB gzipped in the entry of every page, would only fetch them early for older ones (issue 18).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Issue 18: a first visit to a public page downloads React, this one core chunk, the public shell (with
        // its small Chakra system) and its page, instead of a dozen small chunks shared with the signed-in app.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'public-core', test: (id) => publicCore.test(id.replaceAll('\\', '/')), priority: 1 },
          ],
        },
      },
    },
  },
}));
