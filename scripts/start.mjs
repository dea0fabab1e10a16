// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server (web app and API on one port) in this process's place.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const index = 'apps/web/dist/index.html';
const sources = ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'];
const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => (fs.statSync(s).isDirectory() ? newest(s) : fs.statSync(s).mtimeMs)));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Web-App-Quellen geändert: baue neu ...' : 'Web-App noch nicht gebaut: baue ...');
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
}

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
