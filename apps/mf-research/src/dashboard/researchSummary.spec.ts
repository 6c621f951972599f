import { readableContent, shortSummary } from './researchSummary';

describe('shortSummary (spec §9)', () => {
  it("cuts above 300 characters to 297 plus '...', and falls back when there is none", () => {
    expect(shortSummary({ summary: 'x'.repeat(301) })).toBe(`${'x'.repeat(297)}...`);
    expect(shortSummary({ summary: 'x'.repeat(300) })).toBe('x'.repeat(300));
    expect(shortSummary({ summary: '  ' })).toBe('Comprehensive analysis and research');
  });
});

describe('readableContent', () => {
  it('shows a report as reading text: headings without #, links as text, no Sources section', () => {
    const content = [
      '_Web search is not configured, so this report draws only on your own documents and emails._',
      '',
      '## Summary',
      '',
      'Cities are warmer than the countryside [1].',
      '',
      '## What causes it?',
      '',
      'Dark roofs store heat, as [the survey](https://example.org/survey) found [2].',
      '',
      '## Sources',
      '',
      '1. [Heat](https://example.org/heat) — example.org · credibility 71/100',
    ].join('\n');
    expect(readableContent(content)).toBe(
      [
        'Web search is not configured, so this report draws only on your own documents and emails.',
        '',
        'Summary',
        '',
        'Cities are warmer than the countryside [1].',
        '',
        'What causes it?',
        '',
        'Dark roofs store heat, as the survey found [2].',
      ].join('\n'),
    );
  });

  it('answers null for no content, so the dialog shows the summary instead', () => {
    expect(readableContent(null)).toBeNull();
    expect(readableContent('  \n')).toBeNull();
  });
});
