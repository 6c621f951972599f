/**
 * Decompression bombs for the tests, made at test time (nothing big committed): deflate of one
 * repeated byte is about 1000 times smaller than its output, so a part that unpacks to 600 MB
 * packs to about 600 KB. ZIPs are written by hand here because a bomb needs what no zip library
 * writes: sizes that lie, tens of thousands of entries, a part never held whole in memory.
 */
import zlib from 'node:zlib';
import { unzipSync } from 'fflate';
import { docxFile } from './document-files';

const MB = 1024 * 1024;

/** One packed ZIP entry: its bytes as stored, and what its headers say. */
export interface PackedEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: 0 | 8;
  packed: Buffer;
  crc: number;
  /** The real unpacked size. */
  size: number;
  /** What the headers claim instead of `size` (a lying header). */
  declaredSize?: number;
}

/**
 * `prefix`, then `repeat` until `size` bytes in all, then `suffix`, deflated as a stream (the
 * whole never in memory); `raw` for a ZIP entry, zlib-wrapped for a PDF's FlateDecode.
 */
export async function deflatedRepeat(
  size: number,
  { prefix = '', suffix = '', repeat = 'a', raw = true } = {},
): Promise<{ packed: Buffer; crc: number; size: number }> {
  const deflater = raw ? zlib.createDeflateRaw({ level: 9 }) : zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  const head = Buffer.from(prefix);
  const tail = Buffer.from(suffix);
  const chunk = Buffer.alloc(MB, repeat);
  let crc = zlib.crc32(head);
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve) => {
      crc = zlib.crc32(bytes, crc);
      if (deflater.write(bytes)) resolve();
      else deflater.once('drain', resolve);
    });
  deflater.write(head);
  let left = size - head.length - tail.length;
  while (left > 0) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    await write(piece);
    left -= piece.length;
  }
  crc = zlib.crc32(tail, crc);
  deflater.end(tail);
  await done;
  return { packed: Buffer.concat(out), crc, size };
}

export const deflatedEntry = (name: string, bytes: Buffer | Uint8Array): PackedEntry => {
  const data = Buffer.from(bytes);
  return { name, method: 8, packed: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length };
};

export const storedEntry = (name: string, bytes: Buffer): PackedEntry => ({
  name,
  method: 0,
  packed: bytes,
  crc: zlib.crc32(bytes),
  size: bytes.length,
});

/** A ZIP of the entries as given: local headers, data, central directory, end record (no ZIP64). */
export function zipOf(entries: PackedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const declared = entry.declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.packed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a real .docx (the docx package's), repacked one by one. */
async function docxEntries(...paragraphs: string[]): Promise<PackedEntry[]> {
  const files = unzipSync(new Uint8Array(await docxFile(...paragraphs)));
  return Object.entries(files).map(([name, data]) => deflatedEntry(name, data));
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * A real .docx whose word/document.xml is one paragraph of `unpackedBytes` of 'a' (well-formed
 * XML), packed to about a thousandth of that; `declaredSize` makes its headers lie about it.
 */
export async function docxBomb(
  unpackedBytes: number,
  { declaredSize }: { declaredSize?: number } = {},
): Promise<Buffer> {
  const entries = await docxEntries('placeholder');
  const body = await deflatedRepeat(unpackedBytes, {
    prefix: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>`,
    suffix: '</w:t></w:r></w:p></w:body></w:document>',
  });
  return zipOf(
    entries.map((entry) =>
      entry.name === 'word/document.xml' ? { name: entry.name, method: 8, ...body, declaredSize } : entry,
    ),
  );
}

/** A real .docx with `extra` more small parts (customXml/item<n>.xml): an archive of thousands of entries. */
export async function manyEntriesDocx(extra: number, ...paragraphs: string[]): Promise<Buffer> {
  const entries = await docxEntries(...paragraphs);
  const item = deflatedEntry('customXml/item.xml', Buffer.from('<?xml version="1.0"?><item/>'));
  for (let i = 0; i < extra; i++) entries.push({ ...item, name: `customXml/item${i}.xml` });
  return zipOf(entries);
}

/** A ZIP whose one entry unpacks to `unpackedBytes` of zeros. */
export async function zipBomb(unpackedBytes: number, name = 'zeros.bin'): Promise<Buffer> {
  return zipOf([{ name, method: 8, ...(await deflatedRepeat(unpackedBytes, { repeat: '\0' })) }]);
}

/** A ZIP of `copies` ZIP bombs (stored, as 42.zip nests them): opened recursively it is copies × unpackedBytes. */
export async function nestedZipBomb(copies: number, unpackedBytes: number): Promise<Buffer> {
  const inner = await zipBomb(unpackedBytes);
  return zipOf(Array.from({ length: copies }, (_, i) => storedEntry(`layer-${i}.zip`, inner)));
}

/** A real .docx that also carries a ZIP bomb as an embedded file (word/embeddings/), as a nested archive. */
export async function docxWithNestedBomb(unpackedBytes: number, ...paragraphs: string[]): Promise<Buffer> {
  const entries = await docxEntries(...paragraphs);
  entries.push(storedEntry('word/embeddings/package.zip', await zipBomb(unpackedBytes)));
  return zipOf(entries);
}

/**
 * A one-page PDF whose content stream is FlateDecode of `unpackedBytes` (a line of text, then
 * spaces, which pdf.js reads as nothing), about a thousandth of that on disk.
 */
export async function pdfBomb(unpackedBytes: number): Promise<Buffer> {
  const { packed } = await deflatedRepeat(unpackedBytes, {
    prefix: 'BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET\n',
    repeat: ' ',
    raw: false,
  });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (bytes: Buffer | string) => {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (n: number, body: string | Buffer[]) => {
    offsets[n] = length;
    add(`${n} 0 obj\n`);
    for (const piece of typeof body === 'string' ? [body] : body) add(piece);
    add('\nendobj\n');
  };
  add('%PDF-1.7\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  );
  object(4, [
    Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  object(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  add(
    `xref\n0 6\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
      .join('')}`,
  );
  add(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
