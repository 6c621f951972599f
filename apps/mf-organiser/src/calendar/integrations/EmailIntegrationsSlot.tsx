/**
 * SLOT: the Email Integrations panel belongs to the email remote (mf-email), not to this one.
 * It is loaded at runtime with loadRemote('email/EmailIntegrationsPanel') only when the API's
 * module registry lists 'email' for this user; otherwise nothing renders here (no stand-in).
 */
import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleRegistryEntry } from '@aide/contracts';

const EMAIL_MODULE_ID = 'email';
const EMAIL_PANEL_EXPOSE = `${EMAIL_MODULE_ID}/EmailIntegrationsPanel`;

/**
 * One lazy panel per manifest URL, made once: a component must not be created during render.
 * A failed load is forgotten, so the slot's next mount tries again.
 */
const emailPanels = new Map<string, LazyExoticComponent<ComponentType>>();

function emailPanelFor(entry: ModuleRegistryEntry) {
  let panel = emailPanels.get(entry.manifestUrl);
  if (!panel) {
    panel = loadEmailPanel(entry);
    emailPanels.set(entry.manifestUrl, panel);
  }
  return panel;
}

function loadEmailPanel(entry: ModuleRegistryEntry) {
  return lazy(async () => {
    try {
      // The shell registered the remote with its own runtime; this remote's runtime needs it too.
      registerRemotes([{ name: entry.id, entry: entry.manifestUrl }]);
      const exposed = await loadRemote<{ default: ComponentType } | ComponentType>(EMAIL_PANEL_EXPOSE);
      if (!exposed) throw new Error('The email module exposes no integrations panel');
      return { default: 'default' in exposed ? exposed.default : exposed };
    } catch (error) {
      emailPanels.delete(entry.manifestUrl);
      throw error;
    }
  });
}

/** A failing email remote takes down only this slot. */
class SlotBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error) {
      return (
        <Alert
          type="warning"
          showIcon
          title="Email integrations are unavailable right now"
          description="The email module could not be loaded."
        />
      );
    }
    return this.props.children;
  }
}

export function EmailIntegrationsSlot() {
  // The same registry the shell reads (GET /api/modules): only modules this user may use.
  const registry = useQuery<ModuleRegistryEntry[]>({ queryKey: ['/api/modules'] });
  const entry = registry.data?.find((m) => m.id === EMAIL_MODULE_ID);
  const Panel = entry ? emailPanelFor(entry) : null;
  if (!Panel) return null;
  return (
    <SlotBoundary>
      <Suspense fallback={<Skeleton active />}>
        {/* eslint-disable-next-line react-hooks/static-components -- emailPanelFor caches one lazy component per manifest URL, so each render gets the same one */}
        <Panel />
      </Suspense>
    </SlotBoundary>
  );
}
