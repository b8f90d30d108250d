import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('3.1.0'), __APP_BUILD__: JSON.stringify('aug25-rc') },
  server: { proxy: { '/api': 'http://localhost:4000', '/graphql': 'http://localhost:4000', '/t': 'http://localhost:4000' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1200 },
});
