'use strict';
/**
 * Prints the CSS antd's runtime would write for the components named in argv[2] (a JSON list of
 * export names; 'Layout.Sider' for a member), followed by the rule that tells antd's runtime these
 * styles are already on the page (see antd-styles.ts). Run by the shell's build in a child process
 * with NODE_ENV=production, so that the class names hash as they do in a production page.
 */
const React = require('react');
const { renderToString } = require('react-dom/server');
const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs');
const antd = require('antd');

const h = React.createElement;
const child = h('span', null, 'a');
/** What a component needs to render at all, and so to register its styles. */
const PROPS = {
  Alert: { title: 'a' },
  Dropdown: { menu: { items: [] }, children: child },
  Menu: { items: [{ key: 'a', label: 'a' }] },
  Modal: { open: true },
  Popover: { content: 'a', children: child },
  Progress: { percent: 50 },
  Result: { title: 'a' },
  Statistic: { value: 1 },
  Tooltip: { title: 'a', children: child },
};

const names = JSON.parse(process.argv[2] ?? '[]');
const elements = names.map((name) => {
  const component = name.split('.').reduce((parent, key) => parent?.[key], antd);
  if (!component) throw new Error(`antd has no component ${name}`);
  return h(component, { key: name, ...PROPS[name] });
});
const cache = createCache();
renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, null, h(antd.App, null, elements))));
process.stdout.write(extractStyle(cache, { types: 'style', plain: true }));
