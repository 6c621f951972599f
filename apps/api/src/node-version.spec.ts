import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeVersionProblem, requiredNode, satisfies } from './node-version.cjs';

const repoRoot = path.resolve(__dirname, '../../..');

describe('satisfies: an engines range as npm reads it', () => {
  it.each([
    ['24.9.0', '>=24.9 <25', true],
    ['24.21.0', '>=24.9 <25', true],
    ['24.8.9', '>=24.9 <25', false],
    ['20.20.2', '>=24.9 <25', false],
    ['25.0.0', '>=24.9 <25', false],
    ['24.9.0', '>= 24.9 < 25', true],
    ['24.9.7', '>24.9', false],
    ['24.10.0', '>24.9', true],
    ['24.9.7', '<=24.9', true],
    ['24.10.0', '<=24.9', false],
    ['24.3.1', '24.x', true],
    ['24.3.1', '24', true],
    ['25.0.0', '24', false],
    ['24.9.1', '=24.9.1', true],
    ['24.9.2', '24.9.1', false],
    ['22.12.0', '>=22.12 <23 || >=24.9', true],
    ['23.1.0', '>=22.12 <23 || >=24.9', false],
    ['20.20.2', '*', true],
    ['26.0.0-nightly20261127', '>=24.9 <25', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it.each(['^24.9', '~24.9', '24.9 - 25', 'lts', '24.x.1'])(
    'refuses %s, which it does not read, rather than letting every Node through',
    (range) => {
      expect(() => satisfies('24.9.0', range)).toThrow(/not a comparator/);
    },
  );
});

describe("the repository's range", () => {
  it('comes from package.json "engines" and is one the check reads: the pinned Node is in it, Node 20 is not', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(requiredNode(__dirname)).toEqual({ range: manifest.engines.node, root: repoRoot });
    expect(satisfies(process.versions.node, manifest.engines.node)).toBe(true);
    expect(satisfies('20.20.2', manifest.engines.node)).toBe(false);
  });
});

describe('nodeVersionProblem: what a person started under the wrong Node reads', () => {
  const facts = {
    version: '20.20.2',
    execPath: '/usr/bin/node',
    range: '>=24.9 <25',
    root: repoRoot,
    entry: path.join(repoRoot, 'apps/api/dist/main.js'),
    args: ['--worker'],
    cwd: repoRoot,
  };

  it('says nothing under a Node in the range', () => {
    expect(nodeVersionProblem({ ...facts, version: '24.21.0' })).toBeNull();
  });

  it('names the Node needed and the one running, and the commands that use the pinned Node', () => {
    expect(nodeVersionProblem(facts)).toBe(
      [
        'Aide needs Node >=24.9 <25 (package.json "engines"), but this is Node 20.20.2 (/usr/bin/node).',
        'Run it through npm, which uses the Node that npm install put in node_modules/.bin: npm start, npm test, npm run <script>.',
        'Or run this file with that Node: node_modules/.bin/node apps/api/dist/main.js --worker',
      ].join('\n'),
    );
  });

  it('gives the paths from where the person is', () => {
    expect(nodeVersionProblem({ ...facts, cwd: path.join(repoRoot, 'apps/api'), args: [] })).toContain(
      'Or run this file with that Node: ../../node_modules/.bin/node dist/main.js',
    );
  });

  it('says how to get a Node in the range where npm install has not put one in node_modules/.bin', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'aide-node-version-'));
    try {
      expect(nodeVersionProblem({ ...facts, root: bare, entry: path.join(bare, 'apps/api/dist/main.js') })).toBe(
        [
          'Aide needs Node >=24.9 <25 (package.json "engines"), but this is Node 20.20.2 (/usr/bin/node).',
          'Install a Node in that range (nodejs.org, or nvm install 24), or run npm install in the repository: it puts ' +
            'the pinned Node in node_modules/.bin, which npm start and npm test use.',
        ].join('\n'),
      );
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
