import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify('3.1.0'),
    __APP_BUILD__: JSON.stringify('aug25-rc'),
    // The build/environment indicator shows outside production (spec 2).
    __APP_ENV__: JSON.stringify(process.env.APP_ENV ?? (mode === 'production' ? 'production' : 'development')),
  },
  server: {
    proxy: { '/api': 'http://localhost:4000', '/graphql': 'http://localhost:4000', '/t': 'http://localhost:4000' },
  },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1200 },
}));
