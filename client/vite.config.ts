import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
// @ts-expect-error a plain ESM script without type declarations
import { precompress } from './scripts/precompress.mjs';

/** Every build ships .br and .gz beside its text files, served as they are (issue 18). */
const precompressed = (): Plugin => ({
  name: 'infinitum-precompress',
  apply: 'build',
  closeBundle() {
    console.log(precompress(resolve(import.meta.dirname, 'dist')));
  },
});

/** Chakra's theme files one by one (the package's `./theme` entry builds the whole default theme). */
const chakraTheme = resolve(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/theme',
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompressed()],
  resolve: { alias: [{ find: /^@chakra-theme\/(.*)$/, replacement: `${chakraTheme}/$1.js` }] },
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
    chunkSizeWarningLimit: 1200,
  },
}));
