import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

/**
 * Where V8 allocates the closures compression, express-session and pg make per request or query
 * (patches/README.md): run in a child process, as only there may `%InYoungGeneration` be used.
 */
const PROBE = String.raw`
const http = require('node:http');
const compression = require('compression');
const session = require('express-session');
const { Client } = require('pg');
const young = (value) => %InYoungGeneration(value);
const found = {};

// Control: the pattern the patches remove, which V8 allocates in the old generation.
const holder = {};
holder.method = function method() { return holder; };
found.controlLiteralAssignedToProperty = young(holder.method);

const client = new Client({ query_timeout: 60_000 });
client.query('SELECT 1').catch(() => undefined);
found.pgQueryCallback = young(client._queryQueue[0].callback);
const plain = new Client();
plain.query('SELECT 1').catch(() => undefined);
found.pgPromiseCallback = young(plain._queryQueue[0].callback);

const compress = compression();
const sessions = session({ secret: 'probe', resave: false, saveUninitialized: false, store: new session.MemoryStore() });
const server = http.createServer((req, res) => {
  compress(req, res, () => {
    found.compressionEnd = young(res.end);
    found.compressionWrite = young(res.write);
    found.compressionOn = young(res.on);
    found.compressionFlush = young(res.flush);
    sessions(req, res, () => {
      found.sessionEnd = young(res.end);
      res.end('ok');
    });
  });
});
server.listen(0, '127.0.0.1', () => {
  http.get({ host: '127.0.0.1', port: server.address().port, path: '/' }, (answer) => {
    answer.resume();
    answer.on('end', () => {
      process.stdout.write(JSON.stringify(found));
      process.exit(0);
    });
  });
});
`;

describe('closures made per request or query', () => {
  let probe: SpawnSyncReturns<string>;
  let found: Record<string, boolean> = {};
  beforeAll(() => {
    probe = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', PROBE], { cwd: __dirname, encoding: 'utf8' });
    if (probe.status === 0) found = JSON.parse(probe.stdout) as Record<string, boolean>;
  });

  it('run in the probe', () => {
    expect(probe.stderr).toBe('');
    expect(probe.status).toBe(0);
  });

  it('a function literal assigned straight to a property is still allocated in the old generation (else patches/ can go)', () => {
    expect(found.controlLiteralAssignedToProperty).toBe(false);
  });

  it("are young: compression's response proxies, express-session's end and pg's query callbacks (patches/)", () => {
    const { controlLiteralAssignedToProperty, ...patched } = found;
    expect(controlLiteralAssignedToProperty).toBeDefined();
    expect(patched).toEqual({
      pgQueryCallback: true,
      pgPromiseCallback: true,
      compressionEnd: true,
      compressionWrite: true,
      compressionOn: true,
      compressionFlush: true,
      sessionEnd: true,
    });
  });
});
