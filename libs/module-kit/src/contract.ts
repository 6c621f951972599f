import type { ComponentType, ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { AuthUser, StreamEvent } from '@aide/contracts';

/** A toast as the spec describes them: a title, an optional description, default or destructive. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** What the shell gives every remote. Remotes never create their own providers. */
export interface HostApi {
  user: AuthUser;
  toast: (toast: ToastInput) => void;
  navigate: (to: string) => void;
  /**
   * Starts loading the code of the screen at `to` (its module's, then the screen's own), for a link
   * or button to it that is pointed at or focused: the click then finds it there. Optional: shells
   * older than it lack it.
   */
  preload?: (to: string) => void;
  theme: { mode: 'light' | 'dark' };
  /**
   * Calls `listener` with each live event of the signed-in user (GET /api/stream, see
   * StreamEvent in @aide/contracts) and answers the unsubscribe; call it in an effect and return
   * that. The shell already refetches each event's `invalidate` paths, so listen only to react
   * further (e.g. show a job's progress). Optional: shells older than the stream lack it.
   */
  onStreamEvent?: (listener: StreamEventListener) => () => void;
  /**
   * Renders what every enabled module contributes to the named slot (see `RemoteModule.slots`),
   * in `order`, each inside its own error boundary: a failing fill shows its own fallback and the
   * rest of the screen stays. Renders nothing when no module fills the slot.
   */
  Slot: ComponentType<SlotProps>;
  /**
   * The dashboard widgets of every enabled module (see `RemoteModule.widgets`), in the user's saved
   * order with hidden ones left out, each ready to render (`Render` is the widget inside the
   * shell's error boundary). `all` lists every widget, hidden or not, for the Customise dialog.
   */
  dashboard: DashboardHost;
}

/** Props of `HostApi.Slot`. `props` are handed to every fill's component. */
export interface SlotProps {
  name: SlotName;
  props?: Record<string, unknown>;
}

/**
 * The named places one module lets others fill. Namespaced by the module that renders the slot;
 * listed here so a typo is a type error. Add a name when a module opens a new slot.
 */
export const SLOT_NAMES = ['calendar.integrations'] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** A module's component for another module's slot, e.g. email's panel in `calendar.integrations`. */
export interface SlotFill {
  slot: SlotName;
  /** Lower comes first; default 100. */
  order?: number;
  /** Usually lazy, so the fill's code loads only when the slot renders. */
  Component: ComponentType<Record<string, unknown>>;
}

/**
 * How much room a widget takes on the dashboard: `stat` is one figure in the strip of stat cards at
 * the top; `half` is one column of the two-column grid below it; `full` spans both columns.
 */
export type DashboardWidgetSize = 'stat' | 'half' | 'full';

/** A card a module contributes to the dashboard. It loads its own data (its own query). */
export interface DashboardWidget {
  /** Unique within the module, e.g. 'insights'; the saved layout keys it as '<moduleId>.<id>'. */
  id: string;
  /**
   * What the Customise dialog lists it as, e.g. 'Email insights'. The host reads it at render time and
   * again after a language change, so a module defines it as a getter over its catalog
   * (`get title() { return t('widgets.insights') }`) to have it translated.
   */
  title: string;
  size: DashboardWidgetSize;
  /** Default position among widgets of its size; lower comes first. */
  order: number;
  Component: ComponentType;
}

/** A widget as the shell hands it out: keyed by module, wrapped for failure isolation. */
export interface PlacedDashboardWidget extends DashboardWidget {
  /** '<moduleId>.<id>', the key the saved layout uses. */
  key: string;
  moduleId: string;
  /** The widget inside its error boundary (a crash shows the widget's own fallback card). */
  Render: ComponentType;
}

export interface DashboardHost {
  /** Visible widgets, in the user's order (saved order first, then new widgets by default order). */
  visible: PlacedDashboardWidget[];
  /** Every widget of every enabled module, hidden ones included, in the same order. */
  all: PlacedDashboardWidget[];
  /** Keys of hidden widgets. */
  hidden: string[];
  /** Saves order and hidden keys in the user's profile (PATCH /api/profile `dashboardLayout`). */
  saveLayout: (layout: { order: string[]; hidden: string[] }) => Promise<void>;
}

export type StreamEventListener = (event: StreamEvent) => void;

/** A count shown next to a sidebar item, read through the shell's QueryClient (default GET of the key's path). */
export interface NavBadge<TData = unknown> {
  queryKey: QueryKey;
  // Method syntax on purpose: its parameter is checked bivariantly, so a remote's
  // `NavBadge<EmailStats>` fits the item's `NavBadge` (of unknown data) without `any`.
  select(data: TData): number;
  /** antd Badge colour; hidden at 0 either way. */
  color?: string;
}

export interface ModuleNavItem {
  /** Absolute path the item links to, e.g. '/tasks'. */
  path: string;
  /** Read at render time: a getter over the module's catalog gives it in the language shown. */
  label: string;
  icon?: ReactNode;
  badge?: NavBadge;
  /** Position in the sidebar; lower comes first. */
  order?: number;
}

export interface ModuleRoute {
  /** Absolute path, e.g. '/tasks'; '/' for the index. */
  path: string;
  /** Usually `lazyScreen(() => import('./tasks/TasksPage'))`, so a screen's code loads only when visited. */
  Component: ComponentType;
  /** Loads the screen's code without rendering it (a `lazyScreen`'s); the shell calls it on a hover or focus. */
  preload?: () => Promise<unknown>;
}

/** What a remote exposes as `./module`: its screens and its sidebar entries. */
export interface RemoteModule {
  id: string;
  /** The build this remote came from (its package version, or AIDE_REMOTE_VERSION at build time). */
  version: string;
  routes: ModuleRoute[];
  nav: ModuleNavItem[];
  /** Cards this module puts on the dashboard; none by default. */
  widgets?: DashboardWidget[];
  /** Components this module puts into other modules' named slots; none by default. */
  slots?: SlotFill[];
}

/** Identity helper so a remote's module file is type-checked against the contract. */
export const defineModule = (module: RemoteModule): RemoteModule => module;

/** The name every remote exposes its module definition under. */
export const MODULE_EXPOSE = 'module';

declare global {
  /** Set by defineRemoteConfig at build time; only remotes' code may read it. */
  const __AIDE_REMOTE_VERSION__: string;
}
