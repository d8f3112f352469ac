import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev -w web` talks to a running API server (default: the server's own default port).
const apiServer = process.env.API_SERVER ?? 'http://localhost:3000';
const proxied = ['/api', '/uploads', '/media', '/dev', '/healthz'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiServer, changeOrigin: true }])),
  },
});
