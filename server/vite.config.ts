import { defaultServerConditions, defineConfig } from 'vite';

/** Bundles the server for Node: build/server/server.js, with every dependency left in node_modules. */
export default defineConfig({
  publicDir: false,
  ssr: { resolve: { conditions: ['game-register-source', ...defaultServerConditions] } }, // the puzzle core from source
  logLevel: 'warn',
  build: {
    ssr: 'server/server.ts',
    outDir: 'build/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
  },
});
