import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// The server serves dist/ at / (and index.html for /t/*), so assets use absolute paths from the root.
// `npm run dev -w @fray/web` proxies the API and the WebSocket to a `fray serve` on the default port.
export default defineConfig({
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false })],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': 'http://127.0.0.1:4780',
      '/ws': { target: 'ws://127.0.0.1:4780', ws: true },
    },
  },
});
