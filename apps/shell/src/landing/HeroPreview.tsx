import { Card, Checkbox, Flex, Progress, Tag, Typography, theme } from 'antd';
import { CalendarOutlined, FileTextOutlined, MailOutlined, StarFilled, ThunderboltOutlined } from '@ant-design/icons';
import { formatNumber, formatPercent } from '@aide/i18n';
import { useT } from '../i18n/visitor';

const TASKS = [
  { titleKey: 'landing.preview.task1', tag: 'landing.preview.high', color: 'red', done: false },
  { titleKey: 'landing.preview.task2', tag: 'landing.preview.medium', color: 'gold', done: false },
  { titleKey: 'landing.preview.task3', tag: 'landing.preview.low', color: 'blue', done: true },
] as const;

/**
 * The hero's illustration: a miniature of the app drawn with antd itself, so it always matches the
 * theme. Decorative only: hidden from assistive tech and not focusable.
 */
export function HeroPreview() {
  const t = useT();
  const { token } = theme.useToken();
  const tile = (icon: React.ReactNode, value: string, label: string, colour: string) => (
    <div className="aide-preview-tile">
      <span style={{ color: colour, background: `color-mix(in srgb, ${colour} 14%, transparent)` }}>{icon}</span>
      <strong>{value}</strong>
      <small>{label}</small>
    </div>
  );
  return (
    <div className="aide-preview" aria-hidden inert>
      <Card className="aide-preview-window" styles={{ body: { padding: 20 } }}>
        <Flex gap={6} style={{ marginBottom: 16 }}>
          {['#ff5f57', '#febc2e', '#28c840'].map((c) => (
            <span key={c} className="aide-preview-dot" style={{ background: c }} />
          ))}
        </Flex>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('landing.preview.greeting')}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('landing.preview.subtitle')}
        </Typography.Text>
        <div className="aide-preview-tiles">
          {tile(<ThunderboltOutlined />, formatNumber(8), t('landing.preview.tasksToday'), token.colorPrimary)}
          {tile(<MailOutlined />, formatNumber(12), t('landing.preview.unread'), token.colorWarning)}
          {tile(<FileTextOutlined />, formatNumber(3), t('landing.preview.reports'), token.colorSuccess)}
        </div>
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          {TASKS.map((task) => (
            <Flex key={task.titleKey} align="center" gap={10} className="aide-preview-task">
              <Checkbox checked={task.done} tabIndex={-1} />
              <Typography.Text
                delete={task.done}
                type={task.done ? 'secondary' : undefined}
                style={{ flex: 1, fontSize: 13 }}
              >
                {t(task.titleKey)}
              </Typography.Text>
              <Tag color={task.color} style={{ marginInlineEnd: 0 }}>
                {t(task.tag)}
              </Tag>
            </Flex>
          ))}
        </Flex>
        <div style={{ marginTop: 16 }}>
          <Flex justify="space-between">
            <Typography.Text style={{ fontSize: 12 }}>{t('landing.preview.research')}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatPercent(0.72)}
            </Typography.Text>
          </Flex>
          <Progress
            percent={72}
            showInfo={false}
            size="small"
            strokeColor={{ from: token.colorPrimary, to: '#a855f7' }}
          />
        </div>
      </Card>
      <Card size="small" className="aide-preview-float aide-preview-float-top">
        <Flex align="center" gap={10}>
          <span className="aide-preview-badge" style={{ background: token.colorSuccess }}>
            <FileTextOutlined />
          </span>
          <div>
            <strong style={{ display: 'block', fontSize: 13 }}>{t('landing.preview.summaryReady')}</strong>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('landing.preview.summaryDetail', { file: 'contract-v2.pdf', count: 6 })}
            </Typography.Text>
          </div>
        </Flex>
      </Card>
      <Card size="small" className="aide-preview-float aide-preview-float-bottom">
        <Flex align="center" gap={10}>
          <span className="aide-preview-badge" style={{ background: token.colorPrimary }}>
            <CalendarOutlined />
          </span>
          <div>
            <strong style={{ display: 'block', fontSize: 13 }}>{t('landing.preview.meeting')}</strong>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <StarFilled style={{ color: token.colorWarning }} /> {t('landing.preview.credibility', { score: 92 })}
            </Typography.Text>
          </div>
        </Flex>
      </Card>
    </div>
  );
}
