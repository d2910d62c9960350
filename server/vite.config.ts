import { defaultServerConditions, defineConfig } from 'vite';

/**
 * Bundles the server for Node: build/server/server.js, and beside it draw-worker.js (strict mode's draw
 * threads load it by path), with every dependency left in node_modules.
 */
export default defineConfig({
  publicDir: false,
  ssr: { resolve: { conditions: ['game-register-source', ...defaultServerConditions] } }, // the packages from source
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'build/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { server: 'server/server.ts', 'draw-worker': 'packages/gateway/src/drawing/draw-worker.ts' },
      // One folder: a chunk finds draw-worker.js beside itself.
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
