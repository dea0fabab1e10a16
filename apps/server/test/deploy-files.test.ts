import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENV_VARIABLES } from '../src/config.js';

/**
 * The production topology as files (issue 35, `deploy/`): HAProxy's configuration is one Debian's
 * haproxy accepts, its health check is the portal's /readyz, and the environment file names only
 * variables the server reads (a typo there would be silently ignored in production).
 */
const deploy = (name: string) => fileURLToPath(new URL(`../../../deploy/${name}`, import.meta.url));
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));

describe('deploy files', () => {
  it(
    'HAProxy accepts its configuration, checks /readyz and pins polling clients',
    { skip: !haproxy && !process.env.CI && 'haproxy is not installed (apt-get install haproxy)' },
    () => {
      assert.ok(haproxy, 'CI installs haproxy (.ci/run)');
      const out = execFileSync(haproxy, ['-c', '-f', deploy('haproxy.cfg')], { encoding: 'utf8', stdio: 'pipe' });
      assert.match(out, /Configuration file is valid/);
      const cfg = fs.readFileSync(deploy('haproxy.cfg'), 'utf8');
      assert.match(cfg, /http-check send meth GET uri \/readyz/);
      assert.match(cfg, /cookie portal_srv insert/);
      assert.match(cfg, /timeout tunnel/);
    },
  );

  it('the environment file names only variables the server reads', () => {
    const names = fs
      .readFileSync(deploy('portal.env.example'), 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => l.split('=')[0]!);
    // The S3 client reads its credentials itself (README, STORAGE_URL).
    const known = new Set([...ENV_VARIABLES, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);
    assert.deepEqual(
      names.filter((n) => !known.has(n)),
      [],
    );
    for (const shared of ['DATABASE_URL', 'REDIS_URL', 'STORAGE_URL', 'ALTCHA_HMAC_KEY', 'SHUTDOWN_DRAIN_MS'])
      assert.ok(names.includes(shared), `${shared} is shared by every process`);
  });

  it('the unit runs the built server, restarts it always and gives it the drain and ten seconds to stop', () => {
    const unit = fs.readFileSync(deploy('portal@.service'), 'utf8');
    assert.match(unit, /^ExecStart=\/usr\/bin\/node apps\/server\/dist\/main\.js$/m);
    assert.match(unit, /^Restart=always$/m);
    assert.match(unit, /^Environment=PORT=%i$/m);
    const drainMs = Number(
      /^SHUTDOWN_DRAIN_MS=(\d+)$/m.exec(fs.readFileSync(deploy('portal.env.example'), 'utf8'))![1],
    );
    const stopSec = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)![1]);
    assert.ok(stopSec * 1000 >= drainMs + 10_000, 'systemd waits for the drain and the grace');
  });
});
