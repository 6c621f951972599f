import { useState } from 'react';
import { Button, Flex, Modal, Switch, Typography, theme } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useHost, type PlacedDashboardWidget } from '@aide/module-kit';
import { PlainList } from '@aide/ui';
import { t as translate, useT } from '../i18n';

/** One group of the dialog (the figures, or the cards): each widget with Show and Move up/down. */
function WidgetGroup({
  label,
  widgets,
  hidden,
  onToggle,
  onMove,
}: {
  label: string;
  widgets: PlacedDashboardWidget[];
  hidden: Set<string>;
  onToggle: (key: string, shown: boolean) => void;
  onMove: (key: string, by: -1 | 1) => void;
}) {
  const { token } = theme.useToken();
  const t = useT();
  if (widgets.length === 0) return null;
  return (
    <section aria-label={label}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {label}
      </Typography.Title>
      <PlainList tight>
        {widgets.map((widget, index) => (
          <li key={widget.key} aria-label={widget.title}>
            <Flex
              align="center"
              gap={token.marginSM}
              style={{
                padding: `${token.paddingXS}px ${token.paddingSM}px`,
                borderRadius: token.borderRadius,
                background: token.colorFillQuaternary,
              }}
            >
              <Switch
                size="small"
                checked={!hidden.has(widget.key)}
                onChange={(shown) => onToggle(widget.key, shown)}
                aria-label={t('dashboard.customiseDialog.show', { title: widget.title })}
              />
              <Typography.Text
                type={hidden.has(widget.key) ? 'secondary' : undefined}
                style={{ flex: 1, minWidth: 0 }}
                ellipsis
              >
                {widget.title}
              </Typography.Text>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => onMove(widget.key, -1)}
                aria-label={t('dashboard.customiseDialog.moveUp', { title: widget.title })}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={index === widgets.length - 1}
                onClick={() => onMove(widget.key, 1)}
                aria-label={t('dashboard.customiseDialog.moveDown', { title: widget.title })}
              />
            </Flex>
          </li>
        ))}
      </PlainList>
    </section>
  );
}

/**
 * The Customise dialog: every widget of every enabled module (`host.dashboard.all`), shown or
 * hidden and in order, saved in the profile with `host.dashboard.saveLayout`. Reset saves an empty
 * layout, so the modules' default order applies again, to later widgets too. Mounted while open,
 * so each opening starts from the saved layout.
 */
export function CustomiseDashboard({ onClose }: { onClose: () => void }) {
  const { token } = theme.useToken();
  const t = useT();
  const { dashboard, toast } = useHost();
  const [order, setOrder] = useState(() => dashboard.all.map((w) => w.key));
  const [hidden, setHidden] = useState(() => new Set(dashboard.hidden));
  const [saving, setSaving] = useState<'save' | 'reset' | null>(null);

  const byKey = new Map(dashboard.all.map((w) => [w.key, w]));
  const ordered = order.flatMap((key) => byKey.get(key) ?? []);
  const stats = ordered.filter((w) => w.size === 'stat');
  const cards = ordered.filter((w) => w.size !== 'stat');

  const toggle = (key: string, shown: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (shown) next.delete(key);
      else next.add(key);
      return next;
    });

  // Moves within the widget's own group (figures among figures, cards among cards).
  const move = (key: string, by: -1 | 1) => {
    const group = (byKey.get(key)?.size === 'stat' ? stats : cards).map((w) => w.key);
    const from = group.indexOf(key);
    const to = from + by;
    if (to < 0 || to >= group.length) return;
    [group[from], group[to]] = [group[to], group[from]];
    const others = (byKey.get(key)?.size === 'stat' ? cards : stats).map((w) => w.key);
    setOrder(byKey.get(key)?.size === 'stat' ? [...group, ...others] : [...others, ...group]);
  };

  const save = async (kind: 'save' | 'reset', layout: { order: string[]; hidden: string[] }) => {
    setSaving(kind);
    try {
      await dashboard.saveLayout(layout);
      onClose();
    } catch {
      toast({ title: translate('dashboard.customiseDialog.saveFailed'), variant: 'destructive' });
      setSaving(null);
    }
  };

  return (
    <Modal
      open
      title={t('dashboard.customiseDialog.title')}
      onCancel={onClose}
      width={520}
      footer={
        <Flex justify="space-between" gap={token.marginSM}>
          <Button
            loading={saving === 'reset'}
            disabled={saving === 'save'}
            onClick={() => void save('reset', { order: [], hidden: [] })}
          >
            {t('dashboard.customiseDialog.reset')}
          </Button>
          <Flex gap={token.marginSM}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={saving === 'save'}
              disabled={saving === 'reset'}
              onClick={() =>
                void save('save', {
                  order: [...stats, ...cards].map((w) => w.key),
                  hidden: [...stats, ...cards].map((w) => w.key).filter((key) => hidden.has(key)),
                })
              }
            >
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={token.marginMD}>
        <Typography.Text type="secondary">{t('dashboard.customiseDialog.intro')}</Typography.Text>
        <WidgetGroup
          label={t('dashboard.customiseDialog.stats')}
          widgets={stats}
          hidden={hidden}
          onToggle={toggle}
          onMove={move}
        />
        <WidgetGroup
          label={t('dashboard.customiseDialog.cards')}
          widgets={cards}
          hidden={hidden}
          onToggle={toggle}
          onMove={move}
        />
      </Flex>
    </Modal>
  );
}
