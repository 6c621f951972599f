import { Tag } from 'antd';
import { InboxOutlined, RobotOutlined } from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import { useT } from '../i18n';
import { CATEGORY_COLORS, PRIORITY_COLORS } from './labels';
import { PhishingTag } from '../assist/PhishingTag';

/** The priority and category of an email as coloured tags, plus what else is worth a glance. */
export function EmailTags({ email }: { email: Email }) {
  const t = useT();
  const status = email.metadata?.status;
  return (
    <>
      <PhishingTag email={email} />
      <Tag color={PRIORITY_COLORS[email.priority]} style={{ marginInlineEnd: 0 }}>
        {t(`priority.${email.priority}`)}
      </Tag>
      {email.category ? (
        <Tag color={CATEGORY_COLORS[email.category]} variant="outlined" style={{ marginInlineEnd: 0 }}>
          {t(`category.${email.category}`)}
        </Tag>
      ) : null}
      {status === 'draft' ? <Tag style={{ marginInlineEnd: 0 }}>{t('tags.draft')}</Tag> : null}
      {email.isArchived ? (
        <Tag icon={<InboxOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
          {t('tags.archived')}
        </Tag>
      ) : null}
      {email.isAutoResponded ? (
        <Tag icon={<RobotOutlined aria-hidden />} color="success" variant="outlined" style={{ marginInlineEnd: 0 }}>
          {t('tags.autoResponded')}
        </Tag>
      ) : null}
    </>
  );
}
