// A real CalDAV server for the calendar-sync e2e test: Radicale (Debian package `radicale`) on
// loopback, with one user and one calendar, in a throwaway folder. Playwright starts and stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.RADICALE_E2E_PORT ?? 5232);
const user = process.env.RADICALE_E2E_USER ?? 'e2e';
const password = process.env.RADICALE_E2E_PASSWORD ?? 'e2e-app-password';
const calendar = process.env.RADICALE_E2E_CALENDAR ?? 'Work';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aide-radicale-'));
fs.writeFileSync(path.join(dir, 'users'), `${user}:${password}\n`);
fs.writeFileSync(
  path.join(dir, 'config'),
  `[server]\nhosts = 127.0.0.1:${port}\n[auth]\ntype = htpasswd\nhtpasswd_filename = ${dir}/users\nhtpasswd_encryption = plain\n` +
    `[storage]\nfilesystem_folder = ${dir}/collections\n[rights]\ntype = owner_only\n[logging]\nlevel = warning\n`,
);

const server = spawn('radicale', ['--config', path.join(dir, 'config')], { stdio: 'inherit' });
server.on('exit', (code) => process.exit(code ?? 0));
server.on('error', (error) => {
  console.error(`Could not start Radicale (${error.message}). Install it: sudo apt-get install -y radicale`);
  process.exit(1);
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// Once it answers, create the user's calendar (what a person does once in their CalDAV client).
const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
for (let i = 0; i < 100; i++) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/${user}/${calendar.toLowerCase()}/`, {
      method: 'MKCALENDAR',
      headers: { authorization: auth, 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${calendar}</D:displayname></D:prop></D:set></C:mkcalendar>`,
    });
    if (res.status === 201 || res.status === 405) break;
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
// Playwright waits for this URL; it exists only once the calendar does.
console.log(`radicale ready on ${port}`);
