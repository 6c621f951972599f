/**
 * HTTP/2 for bench/frontend.bench.ts: Caddy with `tls internal` in front of the API, as deploy/
 * does in production (Express cannot serve HTTP/2 itself: see DEPLOYMENT.md). Chromium takes the
 * certificate of Caddy's own authority because the bench's context ignores certificate errors.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';

/** Whether `caddy` is installed (Debian: apt-get install caddy). */
export function caddyAvailable(): boolean {
  const result = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  return !result.error && result.status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The protocol a TLS handshake agrees on ('h2' when Caddy offers it), ignoring the certificate. */
function protocolOf(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = tls.connect(
      { host: hostname, port: Number(port), rejectUnauthorized: false, ALPNProtocols: ['h2', 'http/1.1'] },
      () => {
        const protocol = socket.alpnProtocol || 'http/1.1';
        socket.end();
        resolve(protocol);
      },
    );
    socket.on('error', reject);
  });
}

/**
 * Caddy on a free port in `dir` (its config, certificates and authority stay there), proxying to
 * the API at `upstream` (host:port). Answers the https base URL and a stop function.
 */
export async function startCaddy(dir: string, upstream: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const config = path.join(dir, 'Caddyfile');
  await writeFile(
    config,
    [
      '{',
      '\tadmin off',
      '\tskip_install_trust',
      '\tauto_https disable_redirects',
      `\thttps_port ${port}`,
      '\tservers {',
      '\t\tprotocols h1 h2',
      '\t}',
      '}',
      `https://127.0.0.1:${port} {`,
      '\ttls internal',
      `\treverse_proxy ${upstream}`,
      '}',
      '',
    ].join('\n'),
  );
  const caddy: ChildProcess = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    // Caddy keeps its authority and certificates under XDG_DATA_HOME: the bench's temp folder.
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  caddy.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => caddy.once('exit', () => resolve()));
  const stop = async () => {
    if (caddy.exitCode === null) caddy.kill('SIGTERM');
    await exited;
  };
  const base = `https://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited (${caddy.exitCode}): ${log}`);
    try {
      const protocol = await protocolOf(base);
      if (protocol !== 'h2') {
        await stop();
        throw new Error(`Caddy answered over ${protocol}, not h2`);
      }
      return { base, stop };
    } catch (error) {
      if ((error as Error).message.includes('not h2')) throw error;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Caddy did not answer on ${base} within 30 s: ${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
