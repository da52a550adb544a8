// The build to measure beside this one (`--baseline REF`): that git ref, checked out in a worktree
// outside the repository (so lint, tests and tsc never see it), built once and served the way its
// own `npm start` serves it. Both builds are then measured in the same run, in alternation.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_LIMITS, ROOT, run, startServer } from './lib.mjs';

/**
 * @param {string} ref a git ref
 * @param {number} port
 */
export async function startBaseline(ref, port) {
  const sha = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: ROOT })
    .toString()
    .trim();
  const dir = join(tmpdir(), `amora-baseline-${sha}`);
  if (!existsSync(dir)) run('git', ['worktree', 'add', '--detach', '--force', dir, sha]);
  // This checkout's packages, hard-linked (Next's build does not follow a symlinked node_modules).
  // A ref with other dependencies needs `npm ci` in the worktree first.
  if (!existsSync(join(dir, 'node_modules'))) run('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  if (!existsSync(join(dir, '.next', 'BUILD_ID'))) run('npm', ['run', 'build'], { cwd: dir });
  // Older builds start with `next start`, newer ones with the custom server the build writes.
  const server = join(dir, 'dist', 'server.mjs');
  const command = existsSync(server)
    ? [server]
    : [join(dir, 'node_modules/next/dist/bin/next'), 'start', '-H', 'localhost', '-p', String(port)];
  const started = await startServer(
    dir,
    port,
    { NODE_ENV: 'production', DATA_DIR: join(dir, '.data'), ...NO_LIMITS },
    command,
  );
  return { ...started, sha };
}
