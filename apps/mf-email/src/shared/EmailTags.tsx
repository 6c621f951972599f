import { Tag } from 'antd';
import { InboxOutlined, RobotOutlined } from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import { CATEGORY_COLORS, CATEGORY_LABELS, PRIORITY_COLORS, PRIORITY_LABELS } from './labels';

/** The priority and category of an email as coloured tags, plus what else is worth a glance. */
export function EmailTags({ email }: { email: Email }) {
  const status = email.metadata?.status;
  return (
    <>
      <Tag color={PRIORITY_COLORS[email.priority]} style={{ marginInlineEnd: 0 }}>
        {PRIORITY_LABELS[email.priority]}
      </Tag>
      {email.category ? (
        <Tag color={CATEGORY_COLORS[email.category]} variant="outlined" style={{ marginInlineEnd: 0 }}>
          {CATEGORY_LABELS[email.category]}
        </Tag>
      ) : null}
      {status === 'draft' ? <Tag style={{ marginInlineEnd: 0 }}>Draft</Tag> : null}
      {email.isArchived ? (
        <Tag icon={<InboxOutlined />} style={{ marginInlineEnd: 0 }}>
          Archived
        </Tag>
      ) : null}
      {email.isAutoResponded ? (
        <Tag icon={<RobotOutlined />} color="success" variant="outlined" style={{ marginInlineEnd: 0 }}>
          Auto-responded
        </Tag>
      ) : null}
    </>
  );
}
