/**
 * Document upload and text extraction of a 20 MB PDF (npm run bench -- documents): throughput in
 * MB/s and the API's peak memory, each next to a bare baseline.
 *
 * An embedded Postgres; the API compiled to plain CommonJS in a child process (api-server.ts, local
 * document storage in a temp folder, job workers on). One premium user (the Free plan stops at 5
 * files). A generated PDF of FILE_MB MB (test/document-files.ts: uncompressed text pages). Then ROUNDS
 * rounds, alternating which side goes first:
 *   - API: POST /api/documents, the file streamed from disk as multipart (the upload: until 201),
 *     then GET /api/documents/:id every POLL_MS ms until extractionStatus leaves 'pending' (the
 *     extraction: the job's queueing, the reader process' pdfjs run, the AI summary and the UPDATE);
 *     the API process' RSS is read from /proc every SAMPLE_MS ms throughout; the document is deleted
 *     after the round;
 *   - baseline: the same multipart body to a bare node:http + busboy server that streams it to disk
 *     with a SHA-256 (upload-baseline-server.ts), and pdfjs-dist's text of the same file in a bare
 *     process (pdf-text-baseline.ts), each with its RSS sampled the same way.
 * An upload that does not answer 201, an extraction that does not end 'done' with the PDF's words
 * in the text, or an upload whose RSS growth reaches the file's size (the file was buffered whole)
 * fails the bench. Writes bench/results/documents.json.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { EXTRACTION_LIMITS } from '../apps/api/src/documents/extraction/text-extractor';
import { largePdfFile } from '../apps/api/test/document-files';
import { buildForBench } from './lib/api-build';
import { type Child, startChild } from './lib/api-child';
import { type BenchResult, type BenchRow, budgetFailures, pairedRatio, spread, writeResult } from './lib/report';

const FILE_MB = 20;
const ROUNDS = 3;
const POLL_MS = 25;
const SAMPLE_MS = 10;
const PASSWORD = 'bench-password-123';
const GROUP = `Documents: a ${FILE_MB} MB PDF, uploaded and its text extracted`;
/** The sentence largePdfFile() fills the pages with; the extracted text must hold it. */
const WORDS = 'The quarterly report covers revenue, costs and the outlook for the coming year.';

const MB = 1024 * 1024;
/** The API stores at most this many characters of a document's text; the baseline stops there too. */
const EXTRACTED_TEXT_CAP = EXTRACTION_LIMITS.maxChars;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Samples a child's RSS until stopped; answers the peak in MB. */
function sampleRss(child: Child): { stop(): number } {
  let peak = child.rssMb();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, child.rssMb());
    } catch {
      // the process is gone: keep the peak seen
    }
  }, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, child.rssMb());
    },
  };
}

/** POSTs `file` as the multipart field `files`, streamed from disk (nothing buffered here either). */
function postMultipart(
  url: string,
  file: string,
  size: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const boundary = `----aide-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.write(head);
    const body = createReadStream(file);
    body.on('error', reject);
    body.on('end', () => request.end(tail));
    body.pipe(request, { end: false });
  });
}

interface User {
  cookie: string;
  id: number;
}

async function register(base: string, email: string): Promise<User> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Bench', lastName: 'User' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: ((await response.json()) as { id: number }).id };
}

interface ApiRound {
  uploadMs: number;
  extractMs: number;
  idleRss: number;
  uploadPeakRss: number;
  extractPeakRss: number;
}

interface BaselineRound {
  uploadMs: number;
  uploadIdleRss: number;
  uploadPeakRss: number;
  extractMs: number;
  extractIdleRss: number;
  extractPeakRss: number;
}

async function main() {
  const started = performance.now();
  const failures: string[] = [];
  const notes: string[] = [];
  const root = await mkdtemp(path.join(os.tmpdir(), 'aide-bench-documents-'));
  const build = await buildForBench([
    'bench/lib/api-server.ts',
    'bench/lib/upload-baseline-server.ts',
    'bench/lib/pdf-text-baseline.ts',
  ]);
  const pgServer = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'aide',
  });
  const children: Child[] = [];
  const db = new pg.Client({ connectionString: pgServer.url });
  try {
    const file = path.join(root, 'report.pdf');
    await writeFile(file, await largePdfFile(FILE_MB * MB, WORDS));
    const { size } = await stat(file);
    const sizeMb = size / MB;
    console.log(`Generated a ${round1(sizeMb)} MB PDF`);

    const api = await startChild(build.out('bench/lib/api-server.ts'), {
      NODE_ENV: 'production',
      LOG_REQUESTS: 'false',
      SERVE_FRONTENDS: 'false',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: root,
      DATABASE_URL: pgServer.url,
      DOCUMENT_MAX_FILE_SIZE_MB: String(FILE_MB * 2),
    });
    children.push(api);
    const uploadDir = path.join(root, 'baseline-uploads');
    await mkdir(uploadDir);
    const bareUpload = await startChild(build.out('bench/lib/upload-baseline-server.ts'), { UPLOAD_DIR: uploadDir });
    children.push(bareUpload);

    const user = await register(api.base, 'documents@example.com');
    await db.connect();
    await db.query(`UPDATE users SET plan = 'premium' WHERE id = $1`, [user.id]);
    const headers = { cookie: user.cookie, origin: api.base };

    const apiRound = async (): Promise<ApiRound> => {
      const idleRss = api.rssMb();
      let sampler = sampleRss(api);
      const t0 = performance.now();
      const upload = await postMultipart(`${api.base}/api/documents`, file, size, headers);
      const uploadMs = performance.now() - t0;
      const uploadPeakRss = sampler.stop();
      if (upload.status !== 201) throw new Error(`POST /api/documents answered ${upload.status}: ${upload.body}`);
      const [document] = (JSON.parse(upload.body) as { documents: { id: number }[] }).documents;

      sampler = sampleRss(api);
      let status = 'pending';
      let content = '';
      while (status === 'pending') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const response = await fetch(`${api.base}/api/documents/${document.id}`, { headers });
        const body = (await response.json()) as {
          extractionStatus: string;
          extractionError: string | null;
          content: string | null;
        };
        status = body.extractionStatus;
        if (status !== 'pending') {
          content = body.content ?? '';
          if (status !== 'done') failures.push(`${GROUP}: extraction ended '${status}' (${body.extractionError})`);
        }
      }
      const extractMs = performance.now() - t0 - uploadMs;
      const extractPeakRss = sampler.stop();
      if (status === 'done' && !content.includes(WORDS.slice(0, 40)))
        failures.push(`${GROUP}: the extracted text lacks the PDF's words`);
      const removed = await fetch(`${api.base}/api/documents/${document.id}`, { method: 'DELETE', headers });
      if (!removed.ok) throw new Error(`DELETE answered ${removed.status}`);
      await db.query('VACUUM ANALYZE documents');
      return { uploadMs, extractMs, idleRss, uploadPeakRss, extractPeakRss };
    };

    const baselineRound = async (): Promise<BaselineRound> => {
      const uploadIdleRss = bareUpload.rssMb();
      let sampler = sampleRss(bareUpload);
      const t0 = performance.now();
      const upload = await postMultipart(`${bareUpload.base}/upload`, file, size, {});
      const uploadMs = performance.now() - t0;
      const uploadPeakRss = sampler.stop();
      if (upload.status !== 201 || (JSON.parse(upload.body) as { bytes: number }).bytes !== size)
        failures.push(`${GROUP}: the bare upload answered ${upload.status} ${upload.body}`);
      await rm(uploadDir, { recursive: true, force: true });
      await mkdir(uploadDir);

      // A fresh process per round, as the API's reader process is fresh per document.
      const bareExtract = await startChild(build.out('bench/lib/pdf-text-baseline.ts'), {});
      try {
        const extractIdleRss = bareExtract.rssMb();
        sampler = sampleRss(bareExtract);
        const t1 = performance.now();
        const answer = await bareExtract.ask<{ characters: number }>(
          { type: 'extract', file, maxChars: EXTRACTED_TEXT_CAP },
          'extracted',
        );
        const extractMs = performance.now() - t1;
        const extractPeakRss = sampler.stop();
        if (answer.characters === 0) failures.push(`${GROUP}: the bare pdfjs run found no text`);
        return { uploadMs, uploadIdleRss, uploadPeakRss, extractMs, extractIdleRss, extractPeakRss };
      } finally {
        await bareExtract.stop();
      }
    };

    // Warm-up: JIT, Postgres, the page cache holding the file, for both sides.
    await baselineRound();
    await apiRound();
    const engine: ApiRound[] = [];
    const baseline: BaselineRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['api', 'baseline'] as const) : (['baseline', 'api'] as const);
      for (const side of order) {
        if (side === 'api') {
          const r = await apiRound();
          engine.push(r);
          console.log(
            `round ${round + 1} api: upload ${Math.round(r.uploadMs)} ms (RSS ${r.idleRss} → ${r.uploadPeakRss} MB), extraction ${Math.round(r.extractMs)} ms (peak RSS ${r.extractPeakRss} MB)`,
          );
        } else {
          const r = await baselineRound();
          baseline.push(r);
          console.log(
            `round ${round + 1} baseline: upload ${Math.round(r.uploadMs)} ms (RSS ${r.uploadIdleRss} → ${r.uploadPeakRss} MB), pdfjs ${Math.round(r.extractMs)} ms (RSS ${r.extractIdleRss} → ${r.extractPeakRss} MB)`,
          );
        }
      }
    }

    const mbps = (ms: number) => round1(sizeMb / (ms / 1000));
    const uploadGrowth = engine.map((r) => round1(r.uploadPeakRss - r.idleRss));
    const rows: BenchRow[] = [
      {
        group: GROUP,
        metric: 'upload throughput',
        unit: 'MB/s',
        ...spread(engine.map((r) => mbps(r.uploadMs))),
        baseline: spread(baseline.map((r) => mbps(r.uploadMs))).median,
        ratio: pairedRatio(
          engine.map((r) => mbps(r.uploadMs)),
          baseline.map((r) => mbps(r.uploadMs)),
        ),
        note: 'Upload: POST /api/documents until 201 (session, multipart streamed through busboy, type detected from the first bytes, SHA-256, written to local storage with fsync and rename, the row and the job queued). Baseline: node:http + busboy streaming the same body to disk with a SHA-256.',
      },
      {
        group: GROUP,
        metric: 'extraction throughput',
        unit: 'MB/s',
        ...spread(engine.map((r) => mbps(r.extractMs))),
        baseline: spread(baseline.map((r) => mbps(r.extractMs))).median,
        ratio: pairedRatio(
          engine.map((r) => mbps(r.extractMs)),
          baseline.map((r) => mbps(r.extractMs)),
        ),
        note: `Extraction: from the 201 until GET /api/documents/:id shows it done (polled every ${POLL_MS} ms): the job queued and picked up, the file read from storage, pdfjs in a process of its own, the AI summary and tags (offline engine), the UPDATE. Baseline: pdfjs-dist's getTextContent page by page in a fresh bare process, up to the same ${EXTRACTED_TEXT_CAP.toLocaleString('en-US')} characters the API keeps.`,
      },
      {
        group: GROUP,
        metric: 'upload + extraction',
        unit: 'MB/s',
        ...spread(engine.map((r) => mbps(r.uploadMs + r.extractMs))),
        baseline: spread(baseline.map((r) => mbps(r.uploadMs + r.extractMs))).median,
        ratio: pairedRatio(
          engine.map((r) => mbps(r.uploadMs + r.extractMs)),
          baseline.map((r) => mbps(r.uploadMs + r.extractMs)),
        ),
      },
      {
        group: GROUP,
        metric: 'API RSS growth while uploading',
        unit: 'MB',
        ...spread(uploadGrowth),
        baseline: spread(baseline.map((r) => round1(r.uploadPeakRss - r.uploadIdleRss))).median,
        budget: round1(sizeMb),
        note: `RSS sampled every ${SAMPLE_MS} ms from /proc/<pid>/status, peak minus the RSS just before. Budget: less than the file (${round1(sizeMb)} MB): the upload is streamed, never held whole.`,
      },
      {
        group: GROUP,
        metric: 'API peak RSS while extracting',
        unit: 'MB',
        ...spread(engine.map((r) => r.extractPeakRss)),
        note: `Absolute peak of the API process (the reader's process, a child of its own, not included); idle before the upload: ${spread(engine.map((r) => r.idleRss)).median} MB.`,
      },
      {
        group: GROUP,
        metric: 'RSS growth while extracting',
        unit: 'MB',
        ...spread(engine.map((r) => round1(r.extractPeakRss - r.idleRss))),
        baseline: spread(baseline.map((r) => round1(r.extractPeakRss - r.extractIdleRss))).median,
        note: 'API: peak while extracting minus idle before the upload. Baseline: the bare pdfjs process, peak minus its RSS before the run.',
      },
    ];
    failures.push(...budgetFailures(rows));
    notes.push(
      `Data: one ${round1(sizeMb)} MB PDF of uncompressed text pages (pdfkit), ${ROUNDS} rounds after one warm-up per side, alternating which side goes first; the API in production mode in a child process, local document storage, embedded Postgres; ${os.availableParallelism()} CPUs shared.`,
    );
    const result: BenchResult = { name: 'documents', date: new Date().toISOString(), rows, failures, notes };
    const out = await writeResult(result);
    for (const row of rows)
      console.log(
        `${row.metric}: ${row.median} ${row.unit} (min ${row.min}, max ${row.max})${row.baseline !== undefined ? `, baseline ${row.baseline} ${row.unit}` : ''}${row.ratio !== undefined ? `, ratio ${row.ratio}` : ''}`,
      );
    for (const failure of failures) console.log(`FAIL ${failure}`);
    console.log(
      `\nWrote ${path.relative(process.cwd(), out)} in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    if (failures.length) process.exitCode = 1;
  } finally {
    for (const child of children) await child.stop();
    await db.end().catch(() => {});
    await pgServer.stop();
    await build.remove();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
