/**
 * A described module's parts as the shell's lists want them, before its code is loaded: sidebar
 * entries drawn from the description, and widgets and slot fills whose components load the module
 * when they first render (`ensure`) and then render the module's own component.
 */
import { type ComponentType, createElement, lazy } from 'react';
import AntdIcon, { type IconComponentProps } from '@ant-design/icons/es/components/AntdIcon';
import { getLocale } from '@aide/i18n';
import {
  badgeCount,
  type DashboardWidget,
  labelIn,
  type ModuleDescription,
  type ModuleNavItem,
  type RemoteModule,
  type SlotFill,
} from '@aide/module-kit';
import { type ModuleState, useRemoteModules } from './remote-modules';

/** The sidebar entries of a description, labels in `locale`. */
export function describedNav(description: ModuleDescription, locale: string): ModuleNavItem[] {
  return description.nav.map(({ path, label, icon, order, badge }) => ({
    path,
    label: labelIn(label, locale),
    ...(icon && { icon: createElement(AntdIcon, { icon: icon as IconComponentProps['icon'] }) }),
    ...(order !== undefined && { order }),
    ...(badge && {
      badge: {
        queryKey: [...badge.queryKey],
        select: (data: unknown) => badgeCount(badge.select, data),
        ...(badge.color && { color: badge.color }),
      },
    }),
  }));
}

/** The module's code, loaded now if need be; throws (to the part's error boundary) if it cannot load. */
async function loadedModule(moduleId: string): Promise<RemoteModule> {
  const state: ModuleState = await useRemoteModules.getState().ensure(moduleId);
  if (state.status === 'failed') throw state.error;
  if (state.status !== 'ready') throw new Error(`Remote "${moduleId}" is not loaded`);
  return state.module;
}

/** A component that loads the module, then renders the one `pick` finds in it. */
function deferred(
  moduleId: string,
  pick: (module: RemoteModule) => ComponentType<Record<string, unknown>> | ComponentType | undefined,
  what: string,
) {
  return lazy(async () => {
    const Component = pick(await loadedModule(moduleId)) as ComponentType<Record<string, unknown>> | undefined;
    if (!Component) throw new Error(`Remote "${moduleId}" has no ${what}`);
    return { default: (props: Record<string, unknown>) => createElement(Component, props) };
  });
}

/** Per description object: one set of parts, so a re-render keeps each widget mounted (a retry reads a new one). */
const widgetCache = new WeakMap<ModuleDescription, DashboardWidget[]>();
const slotCache = new WeakMap<ModuleDescription, SlotFill[]>();

/** The description's dashboard widgets; each title is read in the language shown when asked. */
export function describedWidgets(moduleId: string, description: ModuleDescription): DashboardWidget[] {
  let widgets = widgetCache.get(description);
  if (!widgets) {
    widgets = description.widgets.map(({ id, title, size, order }) => ({
      id,
      get title() {
        return labelIn(title, getLocale());
      },
      size,
      order,
      Component: deferred(moduleId, (m) => m.widgets?.find((w) => w.id === id)?.Component, `widget "${id}"`),
    }));
    widgetCache.set(description, widgets);
  }
  return widgets;
}

/** The description's slot fills, by their index in the module's `slots`. */
export function describedSlots(moduleId: string, description: ModuleDescription): SlotFill[] {
  let fills = slotCache.get(description);
  if (!fills) {
    fills = description.slots.map(({ slot, order }, index) => ({
      slot,
      ...(order !== undefined && { order }),
      Component: deferred(moduleId, (m) => m.slots?.[index]?.Component, `fill ${index} of slot "${slot}"`),
    }));
    slotCache.set(description, fills);
  }
  return fills;
}
