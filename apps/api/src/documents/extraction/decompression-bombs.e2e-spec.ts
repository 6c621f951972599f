// Decompression bombs against the text reader itself (its own process, real mammoth and pdf.js), with
// a small ceiling so each bomb is small to make; the upload e2e (document-bombs.e2e-spec.ts) sends
// the full-size ones through the API with the default ceiling.
import { docxBomb, docxWithNestedBomb, manyEntriesDocx, pdfBomb } from '../../../test/bomb-files';
import { docxFile, textFile } from '../../../test/document-files';
import { EXTRACTION_LIMITS, type ExtractionOutcome, extractText, unpackedReason } from './text-extractor';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MB = 1024 * 1024;
const DAMAGED = 'The Word document is damaged or is not a .docx file';
const limits = { ...EXTRACTION_LIMITS, maxUnpackedMb: 8 };
const read = (bytes: Buffer, mimeType = DOCX) => extractText(bytes, mimeType, { limits });

function textOf(outcome: ExtractionOutcome): string {
  if (outcome.status !== 'done') throw new Error(`expected text, got ${JSON.stringify(outcome)}`);
  return outcome.text;
}

describe('extractText against decompression bombs', () => {
  it('refuses a .docx whose document.xml declares more than the ceiling, before unpacking it', async () => {
    const bomb = await docxBomb(64 * MB);
    expect(bomb.length).toBeLessThan(MB);
    expect(await read(bomb)).toMatchObject({
      status: 'failed',
      error: 'This file expands to more than 8 MB when unpacked, so its text was not extracted.',
    });
  });

  it('stops a .docx whose headers lie about its size the moment it unpacks past the declared size, as damaged', async () => {
    const outcome = await read(await docxBomb(64 * MB, { declaredSize: 2_000 }));
    expect(outcome).toMatchObject({
      status: 'failed',
      error: DAMAGED,
      detail: 'word/document.xml unpacks past the 2000 bytes it declares',
    });
  });

  it('fails a .docx whose part unpacks to less than it declares as damaged', async () => {
    const outcome = await read(await docxBomb(MB / 2, { declaredSize: MB }));
    expect(outcome).toMatchObject({
      status: 'failed',
      error: DAMAGED,
      detail: `word/document.xml unpacks to ${MB / 2} bytes, not the ${MB} it declares`,
    });
  });

  it('refuses a .docx part that declares a ratio no real document has, before unpacking it', async () => {
    const outcome = await read(await docxBomb(MB / 2, { declaredSize: 4 * MB }));
    expect(outcome).toMatchObject({
      status: 'failed',
      error:
        'This file is packed like a decompression bomb (a part claims to expand over 1000 times), so its text was not extracted.',
      detail: expect.stringMatching(/^word\/document\.xml declares 4194304 bytes from \d+$/),
    });
  });

  it('refuses a .docx of thousands of entries', async () => {
    const outcome = await read(await manyEntriesDocx(20_000, 'Minutes of the meeting.'));
    expect(outcome).toMatchObject({
      status: 'failed',
      error: 'This file holds more than 10,000 packed parts, so its text was not extracted.',
    });
  });

  it('reads the text of a .docx carrying an embedded ZIP bomb without opening the nested archive', async () => {
    const outcome = await read(await docxWithNestedBomb(64 * MB, 'The lease runs for two years.'));
    expect(textOf(outcome)).toBe('The lease runs for two years.');
  });

  it("stops a PDF whose FlateDecode stream inflates past the reader's buffer limit", async () => {
    const bomb = await pdfBomb(128 * MB);
    expect(bomb.length).toBeLessThan(MB);
    const outcome = await read(bomb, 'application/pdf');
    expect(outcome).toMatchObject({
      status: 'failed',
      error: unpackedReason(8),
      detail: expect.stringContaining("the reader's buffers reached"),
    });
  });

  it('reads ordinary files as before after the bombs', async () => {
    expect(textOf(await read(await docxFile('First paragraph.', 'Second paragraph.')))).toBe(
      'First paragraph.\n\nSecond paragraph.',
    );
    expect(textOf(await read(textFile('still here'), 'text/plain'))).toBe('still here');
  });
});
