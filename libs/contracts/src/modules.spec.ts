import { updateModuleSourceSchema } from './modules';

const messages = (input: unknown) =>
  updateModuleSourceSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
const MALFORMED = 'Manifest URL must be an http(s) URL or a path starting with /';

describe('updateModuleSourceSchema', () => {
  it('takes an absolute http(s) URL or a same-origin path, trimmed, or null to reset', () => {
    for (const url of [
      'https://cdn.example.com/organiser/mf-manifest.json',
      'http://localhost:4201/mf-manifest.json',
      '/remotes/organiser/mf-manifest.json',
    ]) {
      expect(updateModuleSourceSchema.parse({ manifestUrl: ` ${url} ` })).toEqual({ manifestUrl: url });
    }
    expect(updateModuleSourceSchema.parse({ manifestUrl: null })).toEqual({ manifestUrl: null });
  });

  it('reports a blank URL as required, once', () => {
    expect(messages({ manifestUrl: '' })).toEqual(['Manifest URL is required']);
    expect(messages({ manifestUrl: '  ' })).toEqual(['Manifest URL is required']);
  });

  it('refuses other schemes, protocol-relative and relative URLs, and spaces', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/plain,x',
      'ftp://example.com/m.json',
      '//evil.example.com/m.json',
      'remotes/m.json',
      'https://',
      'https://a b.com/m.json',
    ]) {
      expect(messages({ manifestUrl: url })).toEqual([MALFORMED]);
    }
  });

  it('limits the length and requires the field, as text', () => {
    expect(messages({ manifestUrl: `/${'a'.repeat(2000)}` })).toEqual(['Manifest URL must be at most 2000 characters']);
    expect(messages({})).toEqual(['Manifest URL must be text']);
    expect(messages({ manifestUrl: 1 })).toEqual(['Manifest URL must be text']);
  });

  it('refuses unknown fields', () => {
    expect(updateModuleSourceSchema.safeParse({ manifestUrl: null, id: 'email' }).success).toBe(false);
  });
});
