import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import {
  CalendarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  CloudServerOutlined,
  CoffeeOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  GlobalOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@aide/api-client';
import { type BriefingItem, type BriefingItemKind, type BriefingSection, briefingEndpoints } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { DashboardCard, EmptyState, PlainList } from '@aide/ui';
import { useT as useOrganiserT } from '../i18n';
import { useT } from '../i18n/briefing';

const ICONS: Record<BriefingItemKind, ReactNode> = {
  event: <CalendarOutlined />,
  free: <FieldTimeOutlined />,
  task: <CheckSquareOutlined />,
  mail: <MailOutlined />,
  trip: <GlobalOutlined />,
  checklist: <CarryOutOutlined />,
  site: <CloudServerOutlined />,
  report: <ExperimentOutlined />,
};

/** "Today's briefing" (issue 27): the summary, then each section's lines, each a link to its source. */
export function BriefingCard() {
  const { token } = theme.useToken();
  const organiserT = useOrganiserT();
  const t = useT();
  const query = useQuery(endpointQuery(briefingEndpoints.get));
  const briefing = query.data;

  return (
    <DashboardCard title={organiserT('widget.briefing')} icon={<CoffeeOutlined />} query={query}>
      {briefing ? (
        <Flex vertical gap={token.marginMD}>
          <Typography.Paragraph style={{ marginBottom: 0, fontSize: token.fontSizeLG }}>
            {briefing.summary}
          </Typography.Paragraph>
          {briefing.sections.length === 0 ? (
            <EmptyState description={t('empty')} />
          ) : (
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
                gap: token.marginMD,
              }}
            >
              {briefing.sections.map((section) => (
                <BriefingSectionList key={section.id} section={section} />
              ))}
            </div>
          )}
        </Flex>
      ) : null}
    </DashboardCard>
  );
}

function BriefingSectionList({ section }: { section: BriefingSection }) {
  const { token } = theme.useToken();
  const t = useT();
  const heading = t(`section.${section.id}`);
  return (
    <section aria-label={heading}>
      <Typography.Text type="secondary" strong style={{ display: 'block', marginBottom: token.marginXS }}>
        {heading}
      </Typography.Text>
      <PlainList label={t('list', { section: heading })} tight>
        {section.items.map((item, index) => (
          <li key={`${item.kind}:${item.link}:${index}`}>
            <BriefingLine item={item} />
          </li>
        ))}
        {section.more > 0 ? (
          <li>
            <Typography.Text type="secondary">{t('more', { count: section.more })}</Typography.Text>
          </li>
        ) : null}
      </PlainList>
    </section>
  );
}

/** One line: its kind's icon, its title as a link into the app, and its detail. */
function BriefingLine({ item }: { item: BriefingItem }) {
  const { token } = theme.useToken();
  const { navigate } = useHost();
  return (
    <Flex gap={token.marginSM} align="start">
      <span
        aria-hidden
        style={{ color: item.kind === 'free' ? token.colorSuccess : token.colorPrimary, paddingTop: 2 }}
      >
        {ICONS[item.kind]}
      </span>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Link
          href={item.link}
          ellipsis
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate(item.link);
          }}
        >
          {item.title}
        </Typography.Link>
        {item.detail ? (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
            {item.detail}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
