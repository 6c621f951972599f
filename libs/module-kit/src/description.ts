/**
 * A remote's description: what the shell needs before it renders any of the remote's code (routes,
 * sidebar entries, badges, dashboard widgets, slot fills), as data. Each remote writes its part once,
 * in src/module.meta.ts; its module.tsx builds the `RemoteModule` from it (`moduleFromMeta`) and its
 * build writes it out as aide-module.json beside mf-manifest.json (build/module-description.ts), with
 * every label in every language, so the shell draws the sidebar and the route table without loading
 * the remote, and a new build of the remote changes them without a shell rebuild.
 */
import type { ComponentType } from 'react';
import type { DashboardWidgetSize, RemoteModule, SlotName } from './contract';
import { isLazyScreen } from './lazy-screen';

/** The file a remote's build writes beside its mf-manifest.json. */
export const MODULE_DESCRIPTION_FILE = 'aide-module.json';

/**
 * How a badge's number is read from its query's data, declaratively (a description cannot carry a
 * function): `field` reads a number at a dotted path ('unread'); `countWhereNot` counts the items of
 * a list whose fields differ from the values given ({ status: 'completed' }: the items not completed).
 */
export type BadgeSelect = { field: string } | { countWhereNot: Record<string, string | number | boolean | null> };

export interface MetaBadge {
  queryKey: readonly unknown[];
  select: BadgeSelect;
  color?: string;
}

/** What a remote writes in src/module.meta.ts. Labels are keys of the catalog in `catalog`. */
export interface ModuleMeta {
  id: string;
  /** The folder under src/ holding the catalogs (<language>.json) the label keys are read from, e.g. 'i18n/module'. */
  catalog: string;
  routes: readonly string[];
  nav: readonly {
    path: string;
    labelKey: string;
    /** The name of an @ant-design/icons icon, e.g. 'MailOutlined'. */
    icon: string;
    order?: number;
    badge?: MetaBadge;
  }[];
  widgets?: readonly { id: string; titleKey: string; size: DashboardWidgetSize; order: number }[];
  slots?: readonly { slot: SlotName; order?: number }[];
}

/** Text per language ('en' always there). */
export type Labels = Record<string, string>;

/** An @ant-design/icons-svg definition: the icon's SVG as data, rendered by the shell's AntdIcon. */
export interface IconDefinition {
  name: string;
  theme: string;
  icon: unknown;
}

/** aide-module.json: the meta with labels resolved in every language, icons as SVG data, and the build's version. */
export interface ModuleDescription {
  id: string;
  version: string;
  routes: string[];
  nav: { path: string; label: Labels; icon?: IconDefinition; order?: number; badge?: MetaBadge }[];
  widgets: { id: string; title: Labels; size: DashboardWidgetSize; order: number }[];
  slots: { slot: SlotName; order?: number }[];
  /**
   * The remote's entry script, relative to this file ('static/js/email.1a2b3c4d5e.js'): the shell
   * loads it directly instead of reading mf-manifest.json first, one request and one round trip less
   * before the remote's code. Left out when the manifest does not place the entry beside itself (a
   * fixed publicPath); the shell then registers the manifest, as before.
   */
  entry?: string;
}

/** The value at a dotted path of `data`. */
function at(data: unknown, path: string): unknown {
  let value = data;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | null | undefined)?.[part];
  return value;
}

/** A badge's number from its query's data; 0 for data of another shape (a badge is never worth a crash). */
export function badgeCount(select: BadgeSelect, data: unknown): number {
  if ('field' in select) {
    const value = at(data, select.field);
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  }
  if (!Array.isArray(data)) return 0;
  const unwanted = Object.entries(select.countWhereNot);
  return data.filter((item) => !unwanted.some(([field, value]) => at(item, field) === value)).length;
}

/** A label in `locale`, else English, else the first there is. */
export function labelIn(labels: Labels, locale: string): string {
  return labels[locale] ?? labels.en ?? Object.values(labels)[0] ?? '';
}

type Meta = ModuleMeta;
/** The code a meta's entries point at: a component per route path, per widget id and per slot fill (in order). */
export interface ModuleComponents<M extends Meta> {
  routes: Record<M['routes'][number], ComponentType>;
  widgets?: Record<NonNullable<M['widgets']>[number]['id'], ComponentType>;
  slots?: ComponentType<Record<string, unknown>>[];
}

/**
 * The remote's `RemoteModule`, built from its meta so the two cannot disagree: labels become getters
 * over the remote's own catalog (`t`), badges select with `badgeCount`. Icons stay out: the shell
 * draws them from the description.
 */
export function moduleFromMeta<M extends Meta>(
  meta: M,
  t: (key: never) => string,
  version: string,
  components: ModuleComponents<M>,
): RemoteModule {
  const translate = t as (key: string) => string;
  const widgets = components.widgets as Record<string, ComponentType> | undefined;
  return {
    id: meta.id,
    version,
    routes: meta.routes.map((path) => {
      const Component = (components.routes as Record<string, ComponentType>)[path];
      return { path, Component, ...(isLazyScreen(Component) && { preload: Component.preload }) };
    }),
    nav: meta.nav.map(({ path, labelKey, order, badge }) => ({
      path,
      get label() {
        return translate(labelKey);
      },
      order,
      ...(badge && {
        badge: {
          queryKey: [...badge.queryKey],
          select: (data: unknown) => badgeCount(badge.select, data),
          ...(badge.color && { color: badge.color }),
        },
      }),
    })),
    widgets: (meta.widgets ?? []).map(({ id, titleKey, size, order }) => ({
      id,
      get title() {
        return translate(titleKey);
      },
      size,
      order,
      Component: widgets![id],
    })),
    slots: (meta.slots ?? []).map(({ slot, order }, index) => ({ slot, order, Component: components.slots![index] })),
  };
}
