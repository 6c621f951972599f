import { isUtf8 } from 'node:buffer';
import type * as FileType from 'file-type';

/**
 * How much of a file's start is read before anything is stored: enough for file-type to tell
 * binary formats apart (its own sample is 4,100 bytes; Office files are ZIPs whose telling entry
 * may come after a few others).
 */
export const TYPE_SAMPLE_BYTES = 64 * 1024;

/**
 * Programs, refused whatever the file is called (415): native executables and libraries (ELF,
 * Windows PE .exe/.dll, Mach-O and universal binaries), Java classes and archives, Android
 * packages, WebAssembly, Windows shortcuts (which run a command). Scripts starting with '#!' are
 * refused too (see detectDocumentType).
 */
const EXECUTABLE_MIME_TYPES = new Set([
  'application/x-elf',
  'application/x-msdownload',
  'application/x-mach-binary',
  'application/java-vm',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/wasm',
  'application/x-ms-shortcut',
]);

export type SampleVerdict =
  /** A program: refuse the upload. */
  | { kind: 'executable' }
  /** A binary format known by its magic bytes: its mime type is final. */
  | { kind: 'binary'; mimeType: string }
  /** No magic: text if the whole file turns out to be UTF-8 without NUL (textMimeType), else octet-stream. */
  | { kind: 'unknown' };

/** What the first bytes of a file (up to TYPE_SAMPLE_BYTES) say it is; never the name or the browser's word. */
export async function detectFromSample(sample: Buffer): Promise<SampleVerdict> {
  // file-type (about 1.4 MB of heap) is required on the first upload rather than when the API starts.
  const detected =
    sample.length > 0
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
        await (require('file-type') as typeof FileType).fileTypeFromBuffer(sample)
      : undefined;
  if (detected)
    return EXECUTABLE_MIME_TYPES.has(detected.mime)
      ? { kind: 'executable' }
      : { kind: 'binary', mimeType: detected.mime };
  // A script for an interpreter ('#!/bin/sh'): a program, however plain its text.
  if (sample[0] === 0x23 && sample[1] === 0x21) return { kind: 'executable' };
  return { kind: 'unknown' };
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The type of a file that is all UTF-8 text: HTML (by its extension or its opening tag), Markdown,
 * CSV or JSON by extension, otherwise plain text.
 */
export function textMimeType(name: string, sample: Buffer): string {
  const extension = extensionOf(name);
  const start = sample
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (extension === 'html' || extension === 'htm' || start.startsWith('<!doctype html') || start.startsWith('<html'))
    return 'text/html';
  if (extension === 'md' || extension === 'markdown') return 'text/markdown';
  if (extension === 'csv') return 'text/csv';
  if (extension === 'json') return 'application/json';
  return 'text/plain';
}

/**
 * Whether a stream of chunks is UTF-8 without NUL characters, checked chunk by chunk (a character
 * split between two chunks is carried over), so the file is never held whole.
 */
export class Utf8TextCheck {
  private carry = Buffer.alloc(0);
  private valid = true;

  push(chunk: Buffer): void {
    if (!this.valid) return;
    if (chunk.includes(0)) {
      this.valid = false;
      return;
    }
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    // Keep back the bytes of a character that the next chunk completes.
    let complete = data.length;
    for (let i = data.length - 1; i >= Math.max(0, data.length - 3); i--) {
      const byte = data[i];
      if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for the lead
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      if (data.length - i < length) complete = i;
      break;
    }
    if (!isUtf8(data.subarray(0, complete))) this.valid = false;
    this.carry = Buffer.from(data.subarray(complete));
  }

  /** After the last chunk: true when every byte was UTF-8 text (an empty file is). */
  isText(): boolean {
    return this.valid && this.carry.length === 0;
  }
}
