import { renderReport, withoutSourcesSection } from './renderReport';

const html = (markdown: string, sourceNumbers: number[] = [1, 2]) => {
  const box = document.createElement('div');
  box.innerHTML = renderReport(markdown, { sourceNumbers });
  return box;
};

describe('renderReport: the report Markdown, safely', () => {
  it('renders headings, lists and emphasis', () => {
    const box = html('## Findings\n\n- **Solar** is cheaper\n- Wind too');
    expect(box.querySelector('h2')?.textContent).toBe('Findings');
    expect(box.querySelectorAll('li')).toHaveLength(2);
    expect(box.querySelector('strong')?.textContent).toBe('Solar');
  });

  it('keeps no script, no inline handler and no javascript: link', () => {
    const box = html(
      'Intro <script>window.pwned = 1</script>\n\n<img src="x" onerror="window.pwned = 1">\n\n[click](javascript:alert(1)) and <a href="javascript:alert(2)">here</a>',
    );
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('[onerror]')).toBeNull();
    expect(box.innerHTML).not.toMatch(/<img|<script/i);
    for (const link of Array.from(box.querySelectorAll('a')))
      expect(link.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('opens outside links in a new tab with rel=noopener noreferrer', () => {
    const link = html('See [the study](https://example.org/study).').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.org/study');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('turns a citation [2] into a link to source 2, and leaves unknown numbers as text', () => {
    const box = html('Costs fell by half [2], says a report [7].');
    const cite = box.querySelector('a.aide-research-cite')!;
    expect(cite.getAttribute('href')).toBe('#research-source-2');
    expect(cite.getAttribute('data-source')).toBe('2');
    expect(cite.getAttribute('target')).toBeNull();
    expect(box.querySelectorAll('a')).toHaveLength(1);
    expect(box.textContent).toContain('[7]');
  });

  it('drops the content’s own Sources section (the dialog lists the sources)', () => {
    const markdown = '# Topic\n\nText [1].\n\n## Sources\n\n1. https://example.org\n2. Document: notes';
    expect(withoutSourcesSection(markdown)).toBe('# Topic\n\nText [1].');
    expect(html(markdown).textContent).not.toContain('Sources');
    // A section after it stays.
    expect(withoutSourcesSection('## Sources\n\n1. a\n\n## Method\n\nOffline')).toBe('## Method\n\nOffline');
  });
});
