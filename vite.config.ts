import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 4096,
    manifest: true, // scripts/prerender.mjs reads it to link each route's own CSS
    rolldownOptions: {
      output: {
        // The puzzle package's entry is src/index.ts; name its lazy chunk after what it is, not "src".
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/packages/puzzle-captcha/') ? 'assets/captcha-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.originalFileNames.some((name) => name.includes('packages/puzzle-captcha/')) ? 'assets/captcha-[hash][extname]' : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    host: '127.0.0.1',
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          globals: true,
          css: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globals: true,
        },
      },
    ],
  },
});
