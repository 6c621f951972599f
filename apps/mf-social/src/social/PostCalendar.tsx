/** The calendar view: scheduled and published posts on their days; picking one opens it. */
import { useMemo, useState } from 'react';
import { Badge, Calendar, Card, Flex, Grid, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { SocialPost } from '@aide/contracts';
import { DATE_STYLES, formatDateStyle } from '@aide/i18n';
import { useT } from '../i18n';
import { PlatformIcon } from './platforms';
import { calendarDate, platformLabel, postsByDay } from './socialView';

/** The chosen day: 'Tuesday, March 3' · 'martes, 3 de marzo' · '3月3日火曜日'. */
const dayName = (day: Dayjs) => formatDateStyle(day.toDate(), DATE_STYLES.weekdayMonthDay);

const dayKey = (day: Dayjs) => day.format('YYYY-MM-DD');

function PostChip({ post, onOpen, compact }: { post: SocialPost; onOpen: () => void; compact?: boolean }) {
  const t = useT();
  const at = calendarDate(post)!;
  const time = dayjs(at).format('HH:mm');
  const preview = post.content.length > 60 ? `${post.content.slice(0, 60)}…` : post.content;
  return (
    <button
      type="button"
      className="aide-social-cal-item"
      data-status={post.status}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      aria-label={t('calendar.post', { status: post.status, platform: platformLabel(post.platform), time, preview })}
      title={post.content}
    >
      <PlatformIcon platform={post.platform} /> <span className="aide-social-cal-time">{time}</span>
      {compact ? null : <span className="aide-social-cal-text"> {preview}</span>}
    </button>
  );
}

export function PostCalendar({ posts, onOpen }: { posts: readonly SocialPost[]; onOpen: (post: SocialPost) => void }) {
  const { token } = theme.useToken();
  const t = useT();
  const screens = Grid.useBreakpoint();
  const fullscreen = Boolean(screens.md);
  const days = useMemo(() => postsByDay(posts), [posts]);
  const [selected, setSelected] = useState<Dayjs>(() => dayjs());
  const onSelected = days.get(dayKey(selected)) ?? [];

  return (
    <Flex vertical gap={token.marginSM}>
      <Card styles={{ body: { padding: fullscreen ? token.paddingSM : token.paddingXS } }}>
        {/* antd's Calendar drops aria-label: the group around it carries the name. */}
        <div role="group" aria-label={t('calendar.label')}>
          <Calendar
            fullscreen={fullscreen}
            value={selected}
            onChange={setSelected}
            cellRender={(date, info) => {
              if (info.type !== 'date') return info.originNode;
              const list = days.get(dayKey(date)) ?? [];
              if (!list.length) return null;
              if (!fullscreen) {
                return (
                  <span
                    className="aide-social-cal-dots"
                    role="img"
                    aria-label={t('calendar.count', { count: list.length })}
                  >
                    {list.slice(0, 3).map((post) => (
                      <Badge key={post.id} status={post.status === 'published' ? 'success' : 'processing'} />
                    ))}
                  </span>
                );
              }
              return (
                <ul className="aide-social-cal-list">
                  {list.map((post) => (
                    <li key={post.id}>
                      <PostChip post={post} onOpen={() => onOpen(post)} compact={false} />
                    </li>
                  ))}
                </ul>
              );
            }}
          />
        </div>
      </Card>
      {/* The chosen day's posts as a list: on a phone the cells are too small to hold them. */}
      <section aria-label={t('calendar.dayTitle', { day: dayName(selected) })}>
        <Typography.Title level={2} style={{ fontSize: token.fontSize, margin: `0 0 ${token.marginXS}px` }}>
          {t('calendar.dayTitle', { day: dayName(selected) })}
        </Typography.Title>
        {onSelected.length ? (
          <ul className="aide-social-day-list">
            {onSelected.map((post) => (
              <li key={post.id}>
                <PostChip post={post} onOpen={() => onOpen(post)} />
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">{t('calendar.nothing')}</Typography.Text>
        )}
      </section>
    </Flex>
  );
}
