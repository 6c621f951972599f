import { Alert } from 'antd';
import type { Document, PageTextSource } from '@aide/contracts';
import { useT } from '../i18n/recognition';

/** Page numbers as ranges: [1, 2, 3, 5] → '1–3, 5'. */
export function pageRanges(pages: number[]): string {
  const sorted = [...pages].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
    ranges.push(start === end ? String(sorted[start]) : `${sorted[start]}–${sorted[end]}`);
    start = end + 1;
  }
  return ranges.join(', ');
}

const pagesFrom = (doc: Document, source: PageTextSource) =>
  doc.pages.filter((page) => page.source === source).map((page) => page.page);

/** The server's reasons for not recognising a scan, by their start (text-extractor's words). */
const NOT_INSTALLED = 'Text recognition is not installed';
const IMAGE_TOO_LARGE = 'The image is larger than';

/**
 * Where the text shown came from, when not all of it was a text layer: recognised from a scan
 * (which pages), or not recognised and why.
 */
export function TextSourceNote({ doc }: { doc: Document }) {
  const t = useT();
  if (doc.extractionStatus !== 'done') return null;
  const recognised = pagesFrom(doc, 'ocr');
  const unread = pagesFrom(doc, 'none');
  const isImage = doc.mimeType.startsWith('image/');
  if (doc.recognitionError && unread.length > 0) {
    const reason = doc.recognitionError.startsWith(NOT_INSTALLED)
      ? t('notInstalled')
      : doc.recognitionError.startsWith(IMAGE_TOO_LARGE)
        ? t('imageTooLarge')
        : doc.recognitionError;
    return <Alert type="warning" showIcon title={t('notRecognised')} description={reason} />;
  }
  if (recognised.length === 0) return null;
  const title =
    isImage && doc.pages.length === 1
      ? t('recognisedImage')
      : t('recognisedPages', { count: recognised.length, pages: pageRanges(recognised) });
  const description =
    unread.length > 0 ? t('noTextPages', { count: unread.length, pages: pageRanges(unread) }) : undefined;
  return <Alert type="info" showIcon title={title} description={description} />;
}
