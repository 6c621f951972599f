/**
 * The extraction benchmark's baseline, in a child process of its own: the PDF's text by pdfjs-dist
 * alone (getDocument, then getTextContent page by page until `maxChars`, the cap the API's
 * extraction stops at too), nothing stored. On { type: 'extract', file, maxChars } it answers
 * { type: 'extracted', ms, characters }. Started like api-server.ts (port 0: no server).
 */
import { readFile } from 'node:fs/promises';

async function extract(file: string, maxChars: number): Promise<{ ms: number; characters: number }> {
  const started = performance.now();
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(file));
  const pdf = await getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  let characters = 0;
  for (let page = 1; page <= pdf.numPages && characters < maxChars; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items) if ('str' in item) characters += item.str.length;
  }
  await pdf.destroy();
  return { ms: performance.now() - started, characters };
}

process.on('message', (message: { type: string; file?: string; maxChars?: number }) => {
  if (message.type === 'extract')
    void extract(message.file!, message.maxChars!).then((result) => process.send!({ type: 'extracted', ...result }));
});
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'listening', port: 0 });
