import { corruptPdfFile, docxFile, executableFile, pdfFile, windowsExecutableFile } from '../../../test/document-files';
import { detectFromSample, textMimeType, TYPE_SAMPLE_BYTES, Utf8TextCheck } from './document-type';

const sampleOf = (file: Buffer) => file.subarray(0, TYPE_SAMPLE_BYTES);

describe('detectFromSample', () => {
  it('knows PDFs (a damaged one too) and Word files by their content', async () => {
    expect(await detectFromSample(sampleOf(await pdfFile('Hello')))).toEqual({
      kind: 'binary',
      mimeType: 'application/pdf',
    });
    expect(await detectFromSample(sampleOf(corruptPdfFile()))).toEqual({ kind: 'binary', mimeType: 'application/pdf' });
    expect(await detectFromSample(sampleOf(await docxFile('Hello')))).toEqual({
      kind: 'binary',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('finds programs: ELF, Windows PE, Mach-O, Java classes and #! scripts', async () => {
    const machO = Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1, 3, 0, 0, 0]);
    const javaClass = Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52, 0, 10]);
    for (const program of [
      executableFile(),
      windowsExecutableFile(),
      machO,
      javaClass,
      Buffer.from('#!/bin/sh\nrm -rf ~\n'),
    ]) {
      expect(await detectFromSample(sampleOf(program))).toEqual({ kind: 'executable' });
    }
  });

  it('leaves text and empty files to the text check', async () => {
    expect(await detectFromSample(Buffer.from('Meeting notes\n'))).toEqual({ kind: 'unknown' });
    expect(await detectFromSample(Buffer.alloc(0))).toEqual({ kind: 'unknown' });
  });
});

describe('textMimeType', () => {
  it.each([
    ['page.html', 'hello', 'text/html'],
    ['page.HTM', 'hello', 'text/html'],
    ['notes.txt', '\uFEFF  <!DOCTYPE html><p>x', 'text/html'],
    ['notes', '<html lang="en">', 'text/html'],
    ['readme.md', '# Title', 'text/markdown'],
    ['readme.markdown', '# Title', 'text/markdown'],
    ['table.csv', 'a,b\n1,2', 'text/csv'],
    ['data.json', '{"a":1}', 'application/json'],
    ['notes.txt', 'plain', 'text/plain'],
    ['.md', 'no extension, only a dot name', 'text/plain'],
  ])('%s starting %j is %s', (name, start, mime) => {
    expect(textMimeType(name, Buffer.from(start))).toBe(mime);
  });
});

describe('Utf8TextCheck', () => {
  const check = (...chunks: Buffer[]) => {
    const text = new Utf8TextCheck();
    for (const chunk of chunks) text.push(chunk);
    return text.isText();
  };

  it('accepts UTF-8 whose characters are split between chunks', () => {
    const bytes = Buffer.from('naïve café — 日本語 😀 done', 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) expect(check(bytes.subarray(0, cut), bytes.subarray(cut))).toBe(true);
    const oneByOne = [...bytes].map((byte) => Buffer.from([byte]));
    expect(check(...oneByOne)).toBe(true);
  });

  it('refuses invalid bytes, NUL characters and a character cut off at the end', () => {
    expect(check(Buffer.from('abc'), Buffer.from([0xff]), Buffer.from('def'))).toBe(false);
    expect(check(Buffer.from('abc\u0000def'))).toBe(false);
    expect(check(Buffer.from('abc'), Buffer.from([0xe6, 0x97]))).toBe(false);
    expect(check(Buffer.from('latin1 caf'), Buffer.from('é', 'latin1'), Buffer.from(' ok'))).toBe(false);
  });

  it('counts an empty file as text', () => {
    expect(check()).toBe(true);
  });
});
