import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Badge, Button, Empty, Flex, Popover, Skeleton, Tooltip, Typography, theme } from 'antd';
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import type { AppNotification } from '@aide/contracts';
import { formatDayTime } from '../layout/dates';
import { useT } from '../i18n';
import { NotificationIcon } from './NotificationIcon';
import { useMarkNotificationsRead, useNotifications } from './useNotifications';

dayjs.extend(relativeTime);

function NotificationItem({ item, onOpen }: { item: AppNotification; onOpen: (item: AppNotification) => void }) {
  const t = useT();
  const { token } = theme.useToken();
  const unread = !item.readAt;
  return (
    <li style={{ listStyle: 'none' }}>
      <button
        type="button"
        className="aide-notification-item"
        onClick={() => onOpen(item)}
        aria-label={unread ? t('notifications.unreadItem', { title: item.title }) : item.title}
        style={{
          display: 'flex',
          gap: 12,
          width: '100%',
          padding: '10px 12px',
          border: 0,
          cursor: 'pointer',
          textAlign: 'start',
          borderRadius: token.borderRadius,
          font: 'inherit',
          color: 'inherit',
          background: unread ? token.colorPrimaryBg : 'transparent',
        }}
      >
        <NotificationIcon kind={item.kind} />
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong={unread} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography.Text>
          {item.body && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }} ellipsis={{ tooltip: false }}>
              {item.body}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <time dateTime={item.createdAt} title={formatDayTime(item.createdAt)}>
              {dayjs(item.createdAt).fromNow()}
            </time>
          </Typography.Text>
        </Flex>
        {unread && <Badge status="processing" aria-hidden style={{ alignSelf: 'center' }} />}
      </button>
    </li>
  );
}

function NotificationPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { data, isLoading, isError } = useNotifications();
  const { markOne } = useMarkNotificationsRead();

  const open = (item: AppNotification) => {
    if (!item.readAt) markOne.mutate(item.id);
    onClose();
    if (item.link) void navigate(item.link);
  };

  if (isLoading) return <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 12 }} />;
  if (isError) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('notifications.unavailable')}
        style={{ padding: '16px 0' }}
      />
    );
  }
  if (!data?.items.length) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('notifications.empty')}
        style={{ padding: '16px 0' }}
      />
    );
  }
  return (
    <ul aria-label={t('notifications.title')} style={{ margin: 0, padding: 4, maxHeight: 420, overflowY: 'auto' }}>
      {data.items.map((item) => (
        <NotificationItem key={item.id} item={item} onOpen={open} />
      ))}
    </ul>
  );
}

/** The header bell: a dot while anything is unread; the list opens in a popover. */
export function NotificationBell() {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Closing the list (Escape, a click outside, an opened notification) gives focus back to the bell.
  const bell = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    bell.current?.focus();
  };
  const { data, refetch } = useNotifications();
  const { markAll } = useMarkNotificationsRead();
  const unread = data?.unreadCount ?? 0;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refetch(); // fresh whenever it is opened
      }}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      styles={{ container: { width: 380, maxWidth: 'calc(100vw - 24px)', padding: 8 } }}
      title={
        <Flex justify="space-between" align="center" style={{ padding: '4px 8px 0' }}>
          <span>{t('notifications.title')}</span>
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('notifications.markAll')}
          </Button>
        </Flex>
      }
      content={<NotificationPanel onClose={close} />}
    >
      <Tooltip title={t('notifications.title')} mouseEnterDelay={0.7} open={open ? false : undefined}>
        <Button
          ref={bell}
          type="text"
          shape="circle"
          aria-label={unread > 0 ? t('notifications.unreadLabel', { count: unread }) : t('notifications.title')}
          aria-expanded={open}
          icon={
            <Badge dot={unread > 0} offset={[-2, 2]}>
              <BellOutlined style={{ fontSize: 16 }} />
            </Badge>
          }
        />
      </Tooltip>
    </Popover>
  );
}
