// A built checkout of a release commit, beside this repository: `git worktree add --detach`, the
// repository's node_modules shared by links (the workspace packages under @aide point into the
// release's own tree), and the contracts and the API compiled with tsc.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';

function run(command, args, cwd) {
  console.log(`> ${command} ${args.join(' ')}   (in ${cwd})`);
  const step = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (step.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with ${step.status ?? step.signal}`);
}

/** Links every entry of `from` into the new folder `to`, except the workspace scope, whose relative links are copied as they are. */
function linkNodeModules(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const target = path.join(to, entry);
    if (existsSync(target)) continue;
    if (entry === '@aide') {
      mkdirSync(target);
      for (const pkg of readdirSync(path.join(from, entry))) {
        const link = path.join(from, entry, pkg);
        if (lstatSync(link).isSymbolicLink()) symlinkSync(readlinkSync(link), path.join(target, pkg));
      }
    } else {
      symlinkSync(path.join(from, entry), target);
    }
  }
}

/**
 * Returns the folder of a built checkout of `commit` (reused when it is already there and built).
 * `root` is this repository's top folder; `where` the checkout's folder.
 */
export function releaseCheckout(root, commit, where) {
  if (!existsSync(path.join(where, '.git'))) run('git', ['worktree', 'add', '--detach', where, commit], root);
  linkNodeModules(path.join(root, 'node_modules'), path.join(where, 'node_modules'));
  if (!existsSync(path.join(where, 'apps/api/dist/main.js'))) {
    const tsc = path.join(root, 'node_modules/.bin/tsc');
    run(tsc, ['-p', 'libs/contracts/tsconfig.lib.json'], where);
    run(tsc, ['-p', 'apps/api/tsconfig.build.json'], where);
  }
  return where;
}
