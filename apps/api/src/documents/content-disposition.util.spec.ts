import { contentDisposition } from './content-disposition.util';

describe('contentDisposition', () => {
  it('gives ASCII names as they are', () => {
    expect(contentDisposition('attachment', 'report 2030.pdf')).toBe(
      `attachment; filename="report 2030.pdf"; filename*=UTF-8''report%202030.pdf`,
    );
  });

  it('gives other names an ASCII fallback and the exact name percent-encoded as UTF-8', () => {
    expect(contentDisposition('inline', 'Café "plan" 日本.pdf')).toBe(
      `inline; filename="Cafe _plan_ __.pdf"; filename*=UTF-8''Caf%C3%A9%20%22plan%22%20%E6%97%A5%E6%9C%AC.pdf`,
    );
    expect(contentDisposition('attachment', "it's (100%) done*.txt")).toBe(
      `attachment; filename="it's (100_) done*.txt"; filename*=UTF-8''it%27s%20%28100%25%29%20done%2A.txt`,
    );
  });
});
