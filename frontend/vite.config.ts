import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const api = process.env.NIROG_API ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/graphql': api, '/api': api, '/uploads': api, '/sandbox': api, '/healthz': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/bundle-budget.mjs reads the chunk graph from .vite/manifest.json.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
  },
});
