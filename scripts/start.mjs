// `npm start`: builds the web app and the server when missing or older than their sources, then runs
// the built server (web app and API on one port) in this very process, so a process manager's
// signal reaches it directly.
import { execFileSync } from 'node:child_process';
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

/** Runs `npm run build -w <workspace>` when `output` is missing or older than any of `sources`. */
function buildIfStale(workspace, output, sources, label) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => (fs.statSync(s).isDirectory() ? newest(s) : fs.statSync(s).mtimeMs)));
  if (builtAt >= changedAt) return;
  console.log(builtAt ? `${label}: Quellen geändert, baue neu ...` : `${label}: noch nicht gebaut, baue ...`);
  execFileSync('npm', ['run', 'build', '--silent', '-w', workspace], { stdio: 'inherit' });
}

// With WEB_DIST the web app comes from elsewhere: nothing of it to build here.
if (!process.env.WEB_DIST) {
  buildIfStale('apps/web', 'apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'], 'Web-App');
}
buildIfStale(
  'apps/server',
  'apps/server/dist/main.js',
  ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  'Server',
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
