/**
 * Real files for the documents tests, generated on demand (nothing binary committed): PDFs by
 * pdfkit, Word .docx by the docx package, and the awkward cases the upload must survive.
 */
import { readFileSync } from 'node:fs';
import { Document as DocxDocument, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';

/** A PDF whose pages hold `pages` (one string per page; paragraphs split on blank lines). */
export function pdfFile(...pages: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, info: { Title: 'Aide test document' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const page of pages.length ? pages : ['']) doc.addPage().fontSize(12).text(page);
    doc.end();
  });
}

/** A PDF of at least `bytes` bytes (the benchmark's 20 MB one): uncompressed pages of text. */
export async function largePdfFile(
  bytes: number,
  words = 'The quarterly report covers revenue, costs and the outlook for the coming year.',
): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: false });
  const chunks: Buffer[] = [];
  let written = 0;
  doc.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    written += chunk.length;
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const paragraph = Array.from({ length: 40 }, () => words).join(' ');
  while (written < bytes) {
    doc.addPage().fontSize(9).text(paragraph);
    // pdfkit's stream delivers what it wrote on a later tick: let it, so `written` keeps up.
    await new Promise((resolve) => setImmediate(resolve));
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A Word .docx with one paragraph per string. */
export function docxFile(...paragraphs: string[]): Promise<Buffer> {
  const doc = new DocxDocument({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return Packer.toBuffer(doc) as Promise<Buffer>;
}

/** Starts like a PDF (%PDF-1.7), but is not one: extraction must fail and say so, without crashing anything. */
export function corruptPdfFile(): Buffer {
  return Buffer.from(
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\nthis is not a PDF at all\n%%EOF\n',
    'latin1',
  );
}

/** A real Linux program (ELF), to upload under a name like 'invoice.pdf'. */
export function executableFile(): Buffer {
  return readFileSync('/bin/true');
}

/** A Windows program header (MZ … PE), as small as a detector needs. */
export function windowsExecutableFile(): Buffer {
  const file = Buffer.alloc(512);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c); // e_lfanew: where the PE header starts
  file.write('PE\0\0', 0x80, 'latin1');
  file.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return file;
}

/** Plain UTF-8 text. */
export function textFile(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}
