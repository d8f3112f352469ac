import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { routeTableWithoutSchemas } from './build/route-table-plugin.ts';
import { serviceWorker } from './build/service-worker-plugin.ts';

// `npm run dev -w web` talks to a running API server (default: the server's own default port).
const apiServer = process.env.API_SERVER ?? 'http://localhost:3000';
const proxied = ['/api', '/uploads', '/media', '/dev', '/healthz'];

export default defineConfig({
  plugins: [react(), routeTableWithoutSchemas(), serviceWorker(), precompress()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiServer, changeOrigin: true }])),
  },
  build: {
    // The framework chunk (react-dom, Mantine) and hls.js (player pages only, on demand) are large by nature.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: the ones no screen uses (and zod with them) stay out.
      treeshake: { moduleSideEffects: [{ test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // The framework every screen needs: it changes only when these packages do, so it stays cached across releases.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@mantine|@tanstack)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            // The rest of the shell (providers, layouts, session) in the entry chunk rather than in many small shared ones.
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // The contract's validation rules: one chunk for the pages with forms that check them.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
