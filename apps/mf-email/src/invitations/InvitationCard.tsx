import { Alert, Button, Card, Descriptions, Flex, List, Skeleton, Space, Tag, Typography, theme } from 'antd';
import { CalendarOutlined, CheckOutlined, CloseOutlined, QuestionOutlined, WarningOutlined } from '@ant-design/icons';
import { type ReactNode, useContext } from 'react';
import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { endpointQuery, errorDetail, isUnauthorizedError } from '@aide/api-client';
import { type Invitation, type InvitationAnswer, PROFILE_DEFAULTS, profileEndpoints } from '@aide/contracts';
import { formatDate, getLocale, INTL_TAGS } from '@aide/i18n';
import { useT } from '../i18n/invitations';
import { useEmailInvitation, useRespondToInvitation } from './useInvitation';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // 24-hour clock, as the rest of Aide writes times ('14:05').
  hourCycle: 'h23',
};
const DATE_ONLY: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' };

/** 'Mon, Mar 11, 2030, 10:30 – 12:00': one range in the reader's language, in `timeZone`. */
function formatRange(start: string, end: string, options: Intl.DateTimeFormatOptions): string {
  const format = new Intl.DateTimeFormat(INTL_TAGS[getLocale()] ?? INTL_TAGS.en, options);
  return format.formatRange(new Date(start), new Date(end));
}

/** The IANA zone meetings are shown in: the profile's (spec §5 default UTC). */
function useProfileTimezone(): string {
  return useQuery(endpointQuery(profileEndpoints.get)).data?.timezone ?? PROFILE_DEFAULTS.timezone;
}

const ANSWERS: Array<{ answer: InvitationAnswer; icon: ReactNode }> = [
  { answer: 'accepted', icon: <CheckOutlined aria-hidden /> },
  { answer: 'tentative', icon: <QuestionOutlined aria-hidden /> },
  { answer: 'declined', icon: <CloseOutlined aria-hidden /> },
];
const ANSWER_LABEL = { accepted: 'accept', tentative: 'tentative', declined: 'decline' } as const;

/** When the meeting is: an all-day one by its days (kept in UTC), a timed one in the profile timezone. */
function when(invitation: Invitation, timeZone: string, t: ReturnType<typeof useT>): string {
  if (invitation.allDay) {
    // The end date is exclusive (RFC 5545): a one-day meeting ends at the next midnight.
    const lastDay = new Date(Date.parse(invitation.endTime) - 1).toISOString();
    const date =
      lastDay.slice(0, 10) <= invitation.startTime.slice(0, 10)
        ? formatDate(invitation.startTime, { ...DATE_ONLY, timeZone: 'UTC' })
        : formatRange(invitation.startTime, lastDay, { ...DATE_ONLY, timeZone: 'UTC' });
    return t('allDay', { date });
  }
  return t('inZone', {
    time: formatRange(invitation.startTime, invitation.endTime, { ...DATE_TIME, timeZone }),
    zone: timeZone,
  });
}

/**
 * A meeting invitation carried by a message (iMIP, issue 26): what, when (in the profile timezone),
 * who organises it, what it overlaps in the calendar, and Accept / Maybe / Decline. An update or a
 * cancel of the meeting says so; an outdated version cannot be answered.
 */
export function InvitationCard({ emailId }: { emailId: number }) {
  // The dialog is also drawn on its own (its unit tests, without the shell's QueryClient): no card there.
  return useContext(QueryClientContext) ? <InvitationCardContent emailId={emailId} /> : null;
}

function InvitationCardContent({ emailId }: { emailId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const timeZone = useProfileTimezone();
  const query = useEmailInvitation(emailId);
  const respond = useRespondToInvitation(emailId);
  const invitation = query.data?.invitation;

  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (query.isError) return <Alert type="warning" showIcon title={t('loadFailed')} />;
  if (!invitation) return null;

  const answerable = invitation.state === 'new' || invitation.state === 'updated';
  // The card's own status line says what the answer did; a failure is said in the card too.
  const onAnswer = (response: InvitationAnswer) => respond.mutate({ id: invitation.id, response });
  const failure = respond.isError && !isUnauthorizedError(respond.error) ? errorDetail(respond.error) : null;

  const stateTag =
    invitation.state === 'new' ? null : (
      <Tag color={invitation.state === 'updated' ? 'blue' : invitation.state === 'cancelled' ? 'red' : 'default'}>
        {t(`tag.${invitation.state}`)}
      </Tag>
    );
  const note =
    invitation.state === 'cancelled'
      ? t('cancelledNote')
      : invitation.state === 'superseded'
        ? t('supersededNote')
        : invitation.state === 'updated'
          ? t(invitation.response === 'needs-action' ? 'updatedNoteUnanswered' : 'updatedNote')
          : null;
  const organizer = invitation.organizer.name
    ? `${invitation.organizer.name} <${invitation.organizer.email}>`
    : invitation.organizer.email;

  return (
    <Card
      size="small"
      role="region"
      aria-label={t(`title.${invitation.state}`)}
      title={
        <Flex align="center" gap={token.marginXS} wrap>
          <CalendarOutlined aria-hidden style={{ color: token.colorPrimary }} />
          <span>{t(`title.${invitation.state}`)}</span>
          {stateTag}
        </Flex>
      }
      style={{ borderColor: invitation.state === 'cancelled' ? token.colorErrorBorder : token.colorPrimaryBorder }}
    >
      <Flex vertical gap={token.marginSM}>
        <Typography.Text strong style={{ fontSize: token.fontSizeLG, overflowWrap: 'anywhere' }}>
          {invitation.summary}
          {invitation.recurrence ? <Tag style={{ marginInlineStart: token.marginXS }}>{t('tag.repeats')}</Tag> : null}
        </Typography.Text>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'when', label: t('when'), children: when(invitation, timeZone, t) },
            {
              key: 'organizer',
              label: t('organizer'),
              children: <span style={{ overflowWrap: 'anywhere' }}>{organizer}</span>,
            },
            ...(invitation.location
              ? [
                  {
                    key: 'location',
                    label: t('location'),
                    children: <span style={{ overflowWrap: 'anywhere' }}>{invitation.location}</span>,
                  },
                ]
              : []),
          ]}
        />
        {note ? <Alert type={invitation.state === 'cancelled' ? 'error' : 'info'} showIcon title={note} /> : null}
        {answerable ? (
          invitation.conflicts.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              icon={<WarningOutlined aria-hidden />}
              title={t('conflicts', { count: invitation.conflicts.length })}
              description={
                <List
                  size="small"
                  split={false}
                  dataSource={invitation.conflicts}
                  renderItem={(conflict) => (
                    <List.Item style={{ padding: 0 }}>
                      {conflict.title} · {formatRange(conflict.startTime, conflict.endTime, { ...DATE_TIME, timeZone })}
                    </List.Item>
                  )}
                />
              }
            />
          ) : (
            <Typography.Text type="secondary">{t('noConflicts')}</Typography.Text>
          )
        ) : null}
        {answerable ? (
          <Flex vertical gap={token.marginXS}>
            <Typography.Text type="secondary" role="status">
              {t(`response.${invitation.response}`)}
            </Typography.Text>
            <Space.Compact block role="group" aria-label={t('answers')}>
              {ANSWERS.map(({ answer, icon }) => (
                <Button
                  key={answer}
                  icon={icon}
                  type={invitation.response === answer ? 'primary' : 'default'}
                  aria-pressed={invitation.response === answer}
                  loading={respond.isPending && respond.variables?.response === answer}
                  disabled={respond.isPending}
                  onClick={() => onAnswer(answer)}
                  style={{ flex: 1 }}
                >
                  {t(ANSWER_LABEL[answer])}
                </Button>
              ))}
            </Space.Compact>
            {failure ? <Alert type="error" showIcon title={t('failed')} description={failure} /> : null}
            {respond.data?.replySent === false ? <Alert type="warning" showIcon title={t('replyDraft')} /> : null}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
