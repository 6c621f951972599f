import { Card, Checkbox, Flex, Progress, Tag, Typography, theme } from 'antd';
import { CalendarOutlined, FileTextOutlined, MailOutlined, StarFilled, ThunderboltOutlined } from '@ant-design/icons';

const TASKS = [
  { title: 'Prepare Q3 board deck', tag: 'High', color: 'red', done: false },
  { title: 'Book flights to Lisbon', tag: 'Medium', color: 'gold', done: false },
  { title: 'Review research sources', tag: 'Low', color: 'blue', done: true },
];

/**
 * The hero's illustration: a miniature of the app drawn with antd itself, so it always matches the
 * theme. Decorative only: hidden from assistive tech and not focusable.
 */
export function HeroPreview() {
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
          Good morning, Alex
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Here's what's happening today
        </Typography.Text>
        <div className="aide-preview-tiles">
          {tile(<ThunderboltOutlined />, '8', 'Tasks today', token.colorPrimary)}
          {tile(<MailOutlined />, '12', 'Unread', token.colorWarning)}
          {tile(<FileTextOutlined />, '3', 'Reports', token.colorSuccess)}
        </div>
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          {TASKS.map((t) => (
            <Flex key={t.title} align="center" gap={10} className="aide-preview-task">
              <Checkbox checked={t.done} tabIndex={-1} />
              <Typography.Text
                delete={t.done}
                type={t.done ? 'secondary' : undefined}
                style={{ flex: 1, fontSize: 13 }}
              >
                {t.title}
              </Typography.Text>
              <Tag color={t.color} style={{ marginInlineEnd: 0 }}>
                {t.tag}
              </Tag>
            </Flex>
          ))}
        </Flex>
        <div style={{ marginTop: 16 }}>
          <Flex justify="space-between">
            <Typography.Text style={{ fontSize: 12 }}>Research: EV market outlook</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              72%
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
            <strong style={{ display: 'block', fontSize: 13 }}>AI summary ready</strong>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              contract-v2.pdf · 6 key points
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
            <strong style={{ display: 'block', fontSize: 13 }}>Team sync in 15 min</strong>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <StarFilled style={{ color: token.colorWarning }} /> Credibility 92/100
            </Typography.Text>
          </div>
        </Flex>
      </Card>
    </div>
  );
}
