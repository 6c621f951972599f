import { badgeCount, labelIn, type ModuleMeta, moduleFromMeta } from './description';
import { lazyScreen } from './lazy-screen';

const meta = {
  id: 'demo',
  catalog: 'i18n',
  routes: ['/demo', '/demo-admin'],
  nav: [
    {
      path: '/demo',
      labelKey: 'nav.demo',
      icon: 'MailOutlined',
      order: 40,
      badge: { queryKey: ['/api/demo'], select: { countWhereNot: { status: 'done' } }, color: 'gold' },
    },
  ],
  widgets: [{ id: 'figure', titleKey: 'widget.figure', size: 'stat', order: 5 }],
  slots: [{ slot: 'calendar.integrations', order: 7 }],
} as const satisfies ModuleMeta;

describe('badgeCount', () => {
  it('reads a number at a dotted field path, and 0 for anything else there', () => {
    expect(badgeCount({ field: 'unread' }, { unread: 3 })).toBe(3);
    expect(badgeCount({ field: 'inbox.unread' }, { inbox: { unread: 4 } })).toBe(4);
    expect(badgeCount({ field: 'unread' }, { unread: '3' })).toBe(0);
    expect(badgeCount({ field: 'inbox.unread' }, undefined)).toBe(0);
  });

  it('counts the items of a list whose fields differ from the values given, and 0 for no list', () => {
    const select = { countWhereNot: { status: 'completed' } };
    expect(badgeCount(select, [{ status: 'pending' }, { status: 'completed' }, { status: 'in_progress' }])).toBe(2);
    expect(badgeCount(select, [])).toBe(0);
    expect(badgeCount(select, { status: 'pending' })).toBe(0);
  });
});

describe('labelIn', () => {
  it('answers the language asked for, else English, else the first there is', () => {
    expect(labelIn({ en: 'Tasks', de: 'Aufgaben' }, 'de')).toBe('Aufgaben');
    expect(labelIn({ en: 'Tasks', de: 'Aufgaben' }, 'ja')).toBe('Tasks');
    expect(labelIn({ fr: 'Tâches' }, 'ja')).toBe('Tâches');
  });
});

describe('moduleFromMeta', () => {
  const Page = () => null;
  const Admin = () => null;
  const Figure = () => null;
  const Fill = () => null;
  let language = 'en';
  const t = (key: string) => `${language}:${key}`;
  const module = moduleFromMeta(meta, t as (key: never) => string, '2.0.0', {
    routes: { '/demo': Page, '/demo-admin': Admin },
    widgets: { figure: Figure },
    slots: [Fill],
  });

  it("builds the module's routes, widgets and fills from the meta and the components given", () => {
    expect(module.id).toBe('demo');
    expect(module.version).toBe('2.0.0');
    expect(module.routes).toEqual([
      { path: '/demo', Component: Page },
      { path: '/demo-admin', Component: Admin },
    ]);
    expect(module.widgets?.map((w) => [w.id, w.size, w.order, w.Component])).toEqual([['figure', 'stat', 5, Figure]]);
    expect(module.slots).toEqual([{ slot: 'calendar.integrations', order: 7, Component: Fill }]);
  });

  it("gives a route the screen's preload when its component is a lazyScreen", () => {
    const Lazy = lazyScreen(() => Promise.resolve({ default: Page }));
    const lazyModule = moduleFromMeta(meta, t as (key: never) => string, '2.0.0', {
      routes: { '/demo': Lazy, '/demo-admin': Admin },
      widgets: { figure: Figure },
      slots: [Fill],
    });
    expect(lazyModule.routes).toEqual([
      { path: '/demo', Component: Lazy, preload: Lazy.preload },
      { path: '/demo-admin', Component: Admin },
    ]);
  });

  it("reads labels and titles through the remote's catalog each time, so they follow the language", () => {
    expect(module.nav[0].label).toBe('en:nav.demo');
    expect(module.widgets?.[0].title).toBe('en:widget.figure');
    language = 'de';
    expect(module.nav[0].label).toBe('de:nav.demo');
    expect(module.widgets?.[0].title).toBe('de:widget.figure');
  });

  it("gives the badge the meta's key and colour, and a select that counts as the meta says", () => {
    const badge = module.nav[0].badge;
    expect(badge?.queryKey).toEqual(['/api/demo']);
    expect(badge?.color).toBe('gold');
    expect(badge?.select([{ status: 'done' }, { status: 'open' }])).toBe(1);
  });
});
