import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    // In development the API runs on its own port; these prefixes go there (the same list as the server's).
    proxy: Object.fromEntries(
      ['/api', '/auth', '/web', '/sync', '/protected-files', '/healthz', '/readyz'].map((p) => [p, api]),
    ),
  },
});
