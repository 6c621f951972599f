import type { ModuleRegistryEntry } from '@aide/contracts';
import type { DashboardWidget, RemoteModule, SlotFill, SlotName } from '@aide/module-kit';
import { describedSlots, describedWidgets } from '../federation/described-parts';
import type { ModuleState } from '../federation/remote-modules';

/** What the user saved (profile `dashboardLayout`): widget keys '<moduleId>.<widgetId>'. */
export interface DashboardLayout {
  order: string[];
  hidden: string[];
}

/** A widget with the module it came from, before the shell wraps it for rendering. */
export interface ModuleWidget {
  key: string;
  moduleId: string;
  moduleTitle: string;
  widget: DashboardWidget;
}

export interface ModuleSlotFill {
  /** Unique among the fills of one slot: '<moduleId>.<index in its module's slots>'. */
  key: string;
  moduleId: string;
  moduleTitle: string;
  fill: SlotFill;
}

/**
 * The described or loaded modules the registry lists now, in registry order, with their widgets and
 * slot fills (a described module's code loads when one of them first renders). A module an admin switched
 * off drops out of the registry (its state stays, so listing it again needs no reload) and so out of
 * this list.
 */
function listedModules(registry: ModuleRegistryEntry[] | null, states: Record<string, ModuleState>) {
  type Listed = { entry: ModuleRegistryEntry; module: Pick<RemoteModule, 'widgets' | 'slots'> };
  return (registry ?? []).flatMap((entry): Listed[] => {
    const state = states[entry.id];
    if ((state?.status === 'described' || state?.status === 'ready') && state.description)
      return [
        {
          entry,
          module: {
            widgets: describedWidgets(entry.id, state.description),
            slots: describedSlots(entry.id, state.description),
          },
        },
      ];
    return state?.status === 'ready' ? [{ entry, module: state.module }] : [];
  });
}

/** Sorts by `rank`, ties kept in the order given (registry order, then declaration order). */
const byRank = <T>(items: T[], rank: (item: T) => number) =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);

/** Every dashboard widget of the listed modules, by default order. */
export function widgetsOf(registry: ModuleRegistryEntry[] | null, states: Record<string, ModuleState>): ModuleWidget[] {
  const widgets = listedModules(registry, states).flatMap(({ entry, module }) =>
    (module.widgets ?? []).map((widget) => ({
      key: `${entry.id}.${widget.id}`,
      moduleId: entry.id,
      moduleTitle: entry.title,
      widget,
    })),
  );
  return byRank(widgets, (w) => w.widget.order);
}

/**
 * The user's arrangement: the saved order first (keys of widgets that are gone are skipped), then
 * the widgets it does not name — a module added or switched on since — by their default order.
 */
export function arrangeWidgets<T extends { key: string }>(
  widgets: T[],
  layout: DashboardLayout | null | undefined,
): { all: T[]; visible: T[]; hidden: string[] } {
  const hidden = layout?.hidden ?? [];
  const saved = new Map((layout?.order ?? []).map((key, index) => [key, index]));
  const all = byRank(widgets, (w) => saved.get(w.key) ?? Number.MAX_SAFE_INTEGER);
  const hiddenKeys = new Set(hidden);
  return { all, visible: all.filter((w) => !hiddenKeys.has(w.key)), hidden };
}

/** What the listed modules put into the slot `name`, by each fill's `order` (default 100). */
export function slotFillsOf(
  registry: ModuleRegistryEntry[] | null,
  states: Record<string, ModuleState>,
  name: SlotName,
): ModuleSlotFill[] {
  const fills = listedModules(registry, states).flatMap(({ entry, module }) =>
    (module.slots ?? []).flatMap((fill, index) =>
      fill.slot === name ? [{ key: `${entry.id}.${index}`, moduleId: entry.id, moduleTitle: entry.title, fill }] : [],
    ),
  );
  return byRank(fills, (f) => f.fill.order ?? 100);
}
