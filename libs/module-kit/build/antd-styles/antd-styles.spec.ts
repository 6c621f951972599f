import type { RsbuildPluginAPI } from '@rsbuild/core';
import { ANTD_STYLESHEET, extractAntdStyles, pluginAntdStyles } from './antd-styles';

type Tag = { tag: string; attrs?: Record<string, string | boolean> };
type TagsFn = (tags: { headTags: Tag[]; bodyTags: Tag[] }, context: { assetPrefix: string }) => typeof tags;
type AssetsFn = (context: {
  compilation: { emitAsset: (name: string, source: { css: string }) => void };
  sources: { RawSource: new (css: string) => { css: string } };
}) => void;

/** The plugin set up against a stand-in for Rsbuild's API: what it emits and how it changes the page's tags. */
function setUp(extract: (components: readonly string[]) => string) {
  let processAssets: AssetsFn | undefined;
  let modifyHTMLTags: TagsFn | undefined;
  const api = {
    processAssets: (_stage: unknown, handler: AssetsFn) => (processAssets = handler),
    modifyHTMLTags: (handler: TagsFn) => (modifyHTMLTags = handler),
  } as unknown as RsbuildPluginAPI;
  const plugin = pluginAntdStyles(['Button', 'Layout.Sider'], extract);
  void plugin.setup(api);
  const emitted: Record<string, string> = {};
  processAssets?.({
    compilation: { emitAsset: (name, source) => (emitted[name] = source.css) },
    sources: {
      RawSource: class {
        constructor(public css: string) {}
      },
    },
  });
  return {
    plugin,
    emitted,
    tags: (headTags: Tag[]) => modifyHTMLTags?.({ headTags, bodyTags: [] }, { assetPrefix: '/' }),
  };
}

const CSS =
  ':where(.css-abc).ant-btn{color:var(--ant-color-text)}.data-ant-cssinjs-cache-path{content:"css-abc|Button-Button|ant-btn|anticon:x1"}';

describe('pluginAntdStyles', () => {
  it('emits the extracted CSS under a name that changes with it, once per build', () => {
    const asked: (readonly string[])[] = [];
    const { plugin, emitted, tags } = setUp((components) => {
      asked.push(components);
      return CSS;
    });
    expect(plugin.apply).toBe('build');
    const [name] = Object.keys(emitted);
    expect(name).toMatch(/^static\/css\/antd\.[0-9a-f]{10}\.css$/);
    expect(name).toMatch(ANTD_STYLESHEET);
    expect(emitted[name]).toBe(CSS);
    tags([]);
    expect(asked).toEqual([['Button', 'Layout.Sider']]);

    const other = setUp(() => `${CSS} `).emitted;
    expect(Object.keys(other)).toHaveLength(1);
    expect(Object.keys(other)[0]).not.toBe(name);
  });

  it("links it after the page's title and meta tags and before its scripts and stylesheets", () => {
    const { emitted, tags } = setUp(() => CSS);
    const [name] = Object.keys(emitted);
    const head: Tag[] = [
      { tag: 'title' },
      { tag: 'meta', attrs: { charset: 'utf-8' } },
      { tag: 'script', attrs: { defer: true, src: '/static/js/index.1a2b.js' } },
      { tag: 'link', attrs: { rel: 'preload', href: '/static/js/async/antd-core.3c4d.js', as: 'script' } },
    ];
    const link = { tag: 'link', attrs: { rel: 'stylesheet', href: `/${name}` } };
    expect(tags(head)?.headTags).toEqual([head[0], head[1], link, head[2], head[3]]);
    const appStyles = { tag: 'link', attrs: { rel: 'stylesheet', href: '/static/css/index.5e6f.css' } };
    expect(tags([head[0], appStyles])?.headTags).toEqual([head[0], link, appStyles]);
    expect(tags([head[0]])?.headTags).toEqual([head[0], link]);
  });
});

describe('extractAntdStyles', () => {
  // Each test starts a Node that loads antd (about 1 s here); a busy machine may take several.
  jest.setTimeout(30_000);

  it("writes antd's production CSS for a component, with the marker that makes antd's runtime skip it", () => {
    const css = extractAntdStyles(['Button']);
    // Hashed as in a production page ('css-dev-only-do-not-override-…' in development).
    const hash = /:where\(\.(css-[a-z0-9]+)\)\.ant-btn/.exec(css)?.[1];
    expect(hash).toBeDefined();
    expect(css).toContain(`.data-ant-cssinjs-cache-path{content:"`);
    expect(css).toContain(`${hash}|Button-Button|ant-btn|anticon:`);
  });

  it('fails the build with the reason when antd cannot render a component', () => {
    expect(() => extractAntdStyles(['NoSuchComponent'])).toThrow(/antd has no component NoSuchComponent/);
  });
});
