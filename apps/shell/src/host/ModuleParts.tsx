import { Suspense, useMemo, type ComponentType } from 'react';
import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { DashboardWidget, DashboardWidgetSize, SlotProps } from '@aide/module-kit';
import { useRemoteModules } from '../federation/remote-modules';
import { RemoteBoundary } from '../federation/RemoteBoundary';
import { RetryButton } from '../federation/RemoteFallback';
import { useT } from '../i18n/visitor';
import { useModuleTitle } from '../layout/moduleTitles';
import { slotFillsOf, type ModuleWidget } from './composition';

const cardSize = (size: DashboardWidgetSize) => (size === 'stat' ? 'small' : undefined);

/** A crashed widget keeps its place and shape in the grid: a card saying so, with Retry. */
function WidgetFallback({ widget, onRetry }: { widget: DashboardWidget; onRetry: () => Promise<void> }) {
  const t = useT();
  return (
    <Card size={cardSize(widget.size)} role="region" aria-label={widget.title} style={{ height: '100%' }}>
      <Flex vertical align="center" justify="center" gap="small" style={{ height: '100%' }}>
        <Typography.Text type="secondary">
          <WarningOutlined /> {t('remote.widgetFailed', { title: widget.title })}
        </Typography.Text>
        <RetryButton size="small" onRetry={onRetry} />
      </Flex>
    </Card>
  );
}

/** Retry loads the module afresh, as a screen's Retry does: a crashed lazy chunk needs a new import. */
const retryModule = (moduleId: string) => useRemoteModules.getState().retry(moduleId);

/** One wrapper per widget object, so a re-render keeps the widget mounted (and its state). */
const wrapped = new WeakMap<DashboardWidget, ComponentType>();

/** The widget inside its own error boundary, with a loading card while its lazy code arrives. */
export function renderOf({ key, moduleId, widget }: ModuleWidget): ComponentType {
  let Render = wrapped.get(widget);
  if (!Render) {
    const { Component, title, size } = widget;
    Render = function DashboardWidgetRender() {
      return (
        <RemoteBoundary
          title={title}
          resetKey={key}
          onRetry={() => retryModule(moduleId)}
          fallback={(retry) => <WidgetFallback widget={widget} onRetry={retry} />}
        >
          <Suspense fallback={<Card size={cardSize(size)} loading style={{ height: '100%' }} />}>
            <Component />
          </Suspense>
        </RemoteBoundary>
      );
    };
    wrapped.set(widget, Render);
  }
  return Render;
}

/**
 * `HostApi.Slot`: every listed module's fill for `name`, by order, each isolated. The parent lays
 * them out (the fills are siblings, so a Flex's gap applies between them).
 */
export function ModuleSlot({ name, props }: SlotProps) {
  const t = useT();
  const titleOf = useModuleTitle();
  const registry = useRemoteModules((s) => s.registry);
  const states = useRemoteModules((s) => s.states);
  const fills = useMemo(() => slotFillsOf(registry, states, name), [registry, states, name]);
  return fills.map(({ key, moduleId, moduleTitle, fill: { Component } }) => (
    <RemoteBoundary
      key={key}
      title={moduleTitle}
      resetKey={key}
      onRetry={() => retryModule(moduleId)}
      fallback={(retry) => (
        <Alert
          type="warning"
          showIcon
          title={t('remote.slotFailed', { module: titleOf(moduleId, moduleTitle) })}
          action={<RetryButton size="small" onRetry={retry} />}
        />
      )}
    >
      <Suspense fallback={<Skeleton active />}>
        <Component {...props} />
      </Suspense>
    </RemoteBoundary>
  ));
}
