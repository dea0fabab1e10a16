// `npm start`: builds the web app and the server when missing or older than their sources, then runs
// the built server (web app and API on one port) in this very process, so a process manager's
// signal reaches it directly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

function newest(dir) {
  let t = 0;
  for (const f of fs.readdirSync(dir, { recursive: true })) {
    const p = path.join(dir, String(f));
    const s = fs.statSync(p);
    if (s.isFile()) t = Math.max(t, s.mtimeMs);
  }
  return t;
}

/** Files and bytes under `dir` (what a build wrote). */
function sizeOf(dir) {
  let files = 0;
  let bytes = 0;
  for (const f of fs.readdirSync(dir, { recursive: true })) {
    const s = fs.statSync(path.join(dir, String(f)));
    if (!s.isFile()) continue;
    files += 1;
    bytes += s.size;
  }
  return { files, bytes };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toLocaleString('de-AT', { maximumFractionDigits: 1 })} MB`;
const seconds = (ms) => `${(ms / 1000).toLocaleString('de-AT', { maximumFractionDigits: ms < 10_000 ? 1 : 0 })} s`;

/**
 * Runs `npm run build -w <workspace>` when `output` is missing or older than any of `sources`, in a
 * few lines: what it builds, then how long it took and what it wrote. The build's own listing (every
 * chunk) is shown only when it fails; its warnings and errors (stderr) pass through as they come.
 */
function buildIfStale(workspace, output, sources, label, what, dist) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => (fs.statSync(s).isDirectory() ? newest(s) : fs.statSync(s).mtimeMs)));
  if (builtAt >= changedAt) return;
  console.log(`${label}: ${builtAt ? 'Quellen geändert, baue neu' : 'noch nicht gebaut, baue'} (${what}) ...`);
  const started = performance.now();
  const run = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) {
    if (run.stdout) process.stdout.write(run.stdout);
    console.error(`${label}: Bauen fehlgeschlagen${run.error ? ` (${run.error.message})` : ''}`);
    process.exit(run.status || 1);
  }
  const { files, bytes } = sizeOf(dist);
  console.log(`${label}: gebaut in ${seconds(performance.now() - started)}: ${path.relative(root, dist)}, ${files} Dateien, ${mb(bytes)}`);
}

// With WEB_DIST the web app comes from elsewhere: nothing of it to build here.
if (!process.env.WEB_DIST) {
  buildIfStale(
    'apps/web',
    'apps/web/dist/index.html',
    ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'],
    'Web-App',
    'Vite: die App und die vorab gerenderten Seiten / und /rksv in vier Sprachen',
    'apps/web/dist',
  );
}
buildIfStale(
  'apps/server',
  'apps/server/dist/main.js',
  ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  'Server',
  'esbuild: apps/server/dist/main.js mit den Migrationen',
  'apps/server/dist',
);

// `npm start` does not pass a SIGTERM on to its script: when npm is gone, this process is
// reparented. Then stop as on SIGTERM, so `kill <npm's pid>` stops the server too.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
