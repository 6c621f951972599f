import { outgoingHtmlDocument, plainAlternative, sanitizeOutgoingHtml } from './outgoing-html';

describe('the HTML of a written message, cleaned before it goes out', () => {
  it('drops scripts, event handlers, javascript: links and forms, and keeps what a person writes', () => {
    const clean = sanitizeOutgoingHtml(
      '<p style="color:#c00" onclick="steal()">Hi <b>Grace</b>,<script>alert(1)</script></p>' +
        '<img src="https://example.com/a.png" onerror="alert(1)" alt="chart">' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/notes">notes</a>' +
        '<form action="https://evil.example"><input name="password"></form><iframe src="https://x.example"></iframe>',
    );
    expect(clean).toBe(
      '<p style="color:#c00">Hi <b>Grace</b>,</p><img src="https://example.com/a.png" alt="chart">' +
        '<a>bad</a> <a href="https://example.com/notes">notes</a>',
    );
  });

  it('wraps the fragment in a whole UTF-8 document', () => {
    expect(outgoingHtmlDocument('<p>Olá</p>')).toBe(
      '<!doctype html>\n<html><head><meta charset="utf-8"></head><body>\n<p>Olá</p>\n</body></html>',
    );
  });

  it('keeps the plain text the compose window wrote, else reads it from the HTML', () => {
    expect(plainAlternative('Hello Ada', '<p>Hello <b>Ada</b></p>')).toBe('Hello Ada');
    expect(plainAlternative('  ', '<p>Hello <b>Ada</b></p><p>See you <a href="https://x.example">here</a></p>')).toBe(
      'Hello Ada\n\nSee you here [https://x.example]',
    );
    expect(plainAlternative('', '')).toBe('');
  });
});
