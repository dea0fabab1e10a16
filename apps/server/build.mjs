// `npm run build -w apps/server`: the server as one JavaScript file (dist/main.js) for `npm start`,
// so production runs no TypeScript compiler. The workspace package @portal/shared (TypeScript
// sources) is bundled in; every other package stays in node_modules. The SQL migrations are
// copied beside it (migrate.ts finds them next to the running file).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'dist');
// Built next to the old one and swapped in, so a server starting meanwhile never sees half a build.
const tmp = fs.mkdtempSync(path.join(here, '.dist-'));
fs.chmodSync(tmp, 0o755);

try {
  await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile: path.join(tmp, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.cpSync(path.join(here, 'src/db/migrations'), path.join(tmp, 'migrations'), { recursive: true });
  // The customer sync's sample sources (the default of CUSTOMER_SOURCE_AT/EG), found beside main.js.
  fs.cpSync(path.join(here, 'src/modules/sync/samples'), path.join(tmp, 'samples'), { recursive: true });
  const old = `${out}.old-${process.pid}`;
  if (fs.existsSync(out)) fs.renameSync(out, old);
  fs.renameSync(tmp, out);
  fs.rmSync(old, { recursive: true, force: true });
} catch (e) {
  fs.rmSync(tmp, { recursive: true, force: true });
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
