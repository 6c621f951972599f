import { contentEtag } from './content-etag';

describe('contentEtag', () => {
  it('gives the same body the same quoted tag, and another body another', () => {
    const tag = contentEtag('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(contentEtag('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')).toBe(tag);
    expect(contentEtag('BEGIN:VCALENDAR\r\nX-WR-CALNAME:Aide\r\nEND:VCALENDAR\r\n')).not.toBe(tag);
  });
});
