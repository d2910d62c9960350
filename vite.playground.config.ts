import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

// The widget playground: its own entry and output, so the app's build (dist/) never contains it.
// `npm run dev` serves it too, at /playground/captcha.html.
export default defineConfig({
  root: fileURLToPath(new URL('./playground', import.meta.url)),
  publicDir: false,
  plugins: [react()],
  resolve: { conditions: ['game-register-source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('./build/playground', import.meta.url)),
    emptyOutDir: true,
    target: 'es2020',
    rollupOptions: { input: { captcha: fileURLToPath(new URL('./playground/captcha.html', import.meta.url)) } },
  },
});
