import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ModuleMeta } from '../src/description';
import { describeModule, entryBesideManifest, iconDefinition, readCatalogs } from './module-description';

const meta: ModuleMeta = {
  id: 'demo',
  catalog: 'i18n/module',
  routes: ['/demo'],
  nav: [
    {
      path: '/demo',
      labelKey: 'nav.label',
      icon: 'MailOutlined',
      order: 40,
      badge: { queryKey: ['/api/demo/stats'], select: { field: 'unread' } },
    },
  ],
  widgets: [{ id: 'figure', titleKey: 'widget.figure', size: 'stat', order: 5 }],
  slots: [{ slot: 'calendar.integrations' }],
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'aide-description-'));
  const folder = path.join(root, 'src/i18n/module');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'en.json'), JSON.stringify({ 'nav.label': 'Demo', 'widget.figure': 'Figure' }));
  // German lacks the widget's title: the shell shows the English one there.
  writeFileSync(path.join(folder, 'de.json'), JSON.stringify({ 'nav.label': 'Vorführung' }));
  writeFileSync(path.join(folder, 'index.ts'), 'export {};\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('readCatalogs', () => {
  it("reads the meta's catalog folder, one catalog per language file", () => {
    expect(readCatalogs(root, meta)).toEqual({
      en: { 'nav.label': 'Demo', 'widget.figure': 'Figure' },
      de: { 'nav.label': 'Vorführung' },
    });
  });
});

describe('describeModule', () => {
  it('resolves every label in every language, draws icons as SVG data and keeps the rest as it is', () => {
    const description = describeModule(meta, readCatalogs(root, meta), '1.2.3');
    expect(description).toEqual({
      id: 'demo',
      version: '1.2.3',
      routes: ['/demo'],
      nav: [
        {
          path: '/demo',
          label: { en: 'Demo', de: 'Vorführung' },
          icon: iconDefinition('MailOutlined'),
          order: 40,
          badge: { queryKey: ['/api/demo/stats'], select: { field: 'unread' } },
        },
      ],
      widgets: [{ id: 'figure', title: { en: 'Figure' }, size: 'stat', order: 5 }],
      slots: [{ slot: 'calendar.integrations' }],
    });
    expect(description.nav[0].icon).toMatchObject({ name: 'mail', theme: 'outlined', icon: { tag: 'svg' } });
    // Plain data: it survives JSON as it is.
    expect(JSON.parse(JSON.stringify(description))).toEqual(description);
  });

  it('fails the build on a label key the English catalog lacks', () => {
    const typo = { ...meta, nav: [{ ...meta.nav[0], labelKey: 'nav.lable' }] };
    expect(() => describeModule(typo, readCatalogs(root, meta), '1.2.3')).toThrow(
      'demo: no English text for "nav.lable" in i18n/module',
    );
  });

  it('fails the build on an icon name that is no @ant-design/icons icon', () => {
    expect(() => iconDefinition('MailOutlinedd')).toThrow('"MailOutlinedd" is not an @ant-design/icons icon name');
    expect(() => iconDefinition('../../package')).toThrow('is not an @ant-design/icons icon name');
  });
});

describe('entryBesideManifest', () => {
  const manifest = (publicPath: string, remoteEntry: { name?: string; path?: string; type?: string }) => ({
    metaData: { publicPath, remoteEntry },
  });

  it("names the entry script beside the manifest, as Module Federation's manifest places it", () => {
    expect(entryBesideManifest(manifest('auto', { name: 'static/js/email.1a2b3c.js', path: '', type: 'global' }))).toBe(
      'static/js/email.1a2b3c.js',
    );
    expect(entryBesideManifest(manifest('auto', { name: 'email.1a2b3c.js', path: 'static/js', type: 'global' }))).toBe(
      'static/js/email.1a2b3c.js',
    );
  });

  it('names none where the shell must read the manifest: a fixed publicPath, another entry type, a path that leaves the folder', () => {
    expect(entryBesideManifest(manifest('https://cdn.example.test/email/', { name: 'static/js/email.js' }))).toBe(
      undefined,
    );
    expect(entryBesideManifest(manifest('auto', { name: 'static/js/email.mjs', type: 'module' }))).toBe(undefined);
    expect(entryBesideManifest(manifest('auto', { name: 'email.js', path: '../elsewhere' }))).toBe(undefined);
    expect(entryBesideManifest(manifest('auto', {}))).toBe(undefined);
    expect(entryBesideManifest({})).toBe(undefined);
  });
});
