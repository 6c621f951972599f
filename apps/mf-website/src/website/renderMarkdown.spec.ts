import { renderMarkdown } from './renderMarkdown';

const html = (markdown: string) => {
  const box = document.createElement('div');
  box.innerHTML = renderMarkdown(markdown);
  return box;
};

describe('renderMarkdown: a blog post’s Markdown, safely', () => {
  it('renders headings, emphasis, lists and links, each link opening apart', () => {
    const box = html('# Title\n\nSome **bold** text.\n\n- one\n- two\n\n[Docs](https://example.org)');
    expect(box.querySelector('h1')!.textContent).toBe('Title');
    expect(box.querySelector('strong')!.textContent).toBe('bold');
    expect(box.querySelectorAll('li')).toHaveLength(2);
    const link = box.querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows raw HTML as text and drops active content', () => {
    const box = html('<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1))');
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(box.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
  });
});
