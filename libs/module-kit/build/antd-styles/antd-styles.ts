/**
 * antd writes each component's CSS at runtime, the first time the component renders: it builds the
 * style objects from the theme, serialises them (stylis) and inserts a <style> per component. On a
 * cold load of the dashboard that was about 0.12 s of the main thread (CPU profile: antd's
 * useStyleRegister and what it calls), all of it before the first screen showed.
 *
 * With CSS variables (antd 6's default) a component's CSS names tokens only as var(--ant-…), so it
 * is the same for every theme and can be written at build time. The shell's build renders the
 * components of the first screen on the server side with antd's own style cache, and links the CSS
 * antd extracts from it as a stylesheet. That CSS ends with antd's marker rule listing each style's
 * cache path: antd's runtime reads it and skips the styles it lists (antd's documented way of
 * serving its styles from a CSS file). A component the file lacks, or a page without the file,
 * gets its styles at runtime as before; the theme's tokens (light, dark) still come from the
 * runtime, as CSS variables.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * The antd components the signed-in frame and the dashboard draw, by export name. ANTD_FIRST_SCREEN
 * (../federation.ts) puts their code in one chunk; this list is for their CSS, and also names
 * Layout.Sider (a style of its own) and Progress (a dashboard card's, from another chunk).
 */
export const FIRST_SCREEN_STYLES = [
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'Divider',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'Layout',
  'Layout.Sider',
  'Menu',
  'Modal',
  'Popover',
  'Progress',
  'Result',
  'Row',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Switch',
  'Tag',
  'Tooltip',
  'Typography',
];

/** Where the stylesheet goes in dist (the size budgets find it by this too). */
export const ANTD_STYLESHEET = /^static\/css\/antd\.[0-9a-f]{10}\.css$/;
const stylesheetName = (css: string) =>
  `static/css/antd.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;

/** The CSS for `components`, from extract.cjs in a production-mode Node (see its comment). */
export function extractAntdStyles(components: readonly string[]): string {
  try {
    return execFileSync(process.execPath, [path.join(import.meta.dirname, 'extract.cjs'), JSON.stringify(components)], {
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // Its stderr is antd's deprecation warnings when it works, and the reason when it does not.
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`Writing antd's stylesheet failed (libs/module-kit/build/antd-styles/extract.cjs):\n${stderr}`, {
      cause: error,
    });
  }
}

/**
 * The shell's production build: static/css/antd.<hash>.css, linked in index.html's head before the
 * scripts, so that the app's own styles still come after antd's.
 */
export const pluginAntdStyles = (
  components: readonly string[] = FIRST_SCREEN_STYLES,
  extract: (components: readonly string[]) => string = extractAntdStyles,
): RsbuildPlugin => ({
  name: 'aide:antd-styles',
  apply: 'build',
  setup(api) {
    let file: { name: string; css: string } | undefined;
    const stylesheet = () => {
      if (!file) {
        const css = extract(components);
        file = { name: stylesheetName(css), css };
      }
      return file;
    };
    api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
      const { name, css } = stylesheet();
      compilation.emitAsset(name, new sources.RawSource(css));
    });
    api.modifyHTMLTags(({ headTags, bodyTags }, { assetPrefix }) => {
      const link = { tag: 'link', attrs: { rel: 'stylesheet', href: `${assetPrefix}${stylesheet().name}` } };
      // After the title and meta tags, before the scripts (and any stylesheet of the app's own).
      const at = headTags.findIndex(
        (tag) => tag.tag === 'script' || (tag.tag === 'link' && tag.attrs?.rel === 'stylesheet'),
      );
      return { headTags: at < 0 ? [...headTags, link] : headTags.toSpliced(at, 0, link), bodyTags };
    });
  },
});
