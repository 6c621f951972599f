import type { ReactNode } from 'react';
import { Flex, Tag, Typography, theme } from 'antd';
import {
  BankOutlined,
  BulbOutlined,
  CloudOutlined,
  InfoCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { budgetFromText, TRAVEL_STYLES, type TravelPlan, type TravelStyle } from '@aide/contracts';
import { formatCurrency } from '@aide/i18n';
import { EmptyState, EmptyText } from '@aide/ui';
import { useT } from '../i18n';
import { isGenerating, overviewIsEmpty, overviewView } from './travelView';

/** A travel style's name in the reader's language (an unknown one as stored). */
export function useStyleLabel() {
  const t = useT();
  return (style: string) =>
    (TRAVEL_STYLES as readonly string[]).includes(style) ? t(`style.${style as TravelStyle}`) : style;
}

/** The budget preference is text ('2000', '$3,000 total'): its amount in US dollars when it has one (spec §9). */
export function budgetPreference(text: string): string {
  const amount = budgetFromText(text);
  return amount === null ? text : formatCurrency(amount, 'USD');
}

/** A titled block of the overview (an h3 with its icon). */
export function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section className="aide-travel-section" aria-label={title}>
      <Typography.Title
        level={3}
        className="aide-travel-section-title"
        style={{ fontSize: token.fontSize, margin: `0 0 ${token.marginXS}px` }}
      >
        <span aria-hidden className="aide-travel-section-icon">
          {icon}
        </span>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A list of short texts. */
export function TextList({ items }: { items: readonly string[] }) {
  return (
    <ul className="aide-travel-list">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Named places: the name in bold, the details after it. */
export function PlaceList<T extends { name: string; description?: string }>({
  items,
  details,
}: {
  items: readonly T[];
  details?: (item: T) => (string | undefined)[];
}) {
  return (
    <ul className="aide-travel-list aide-travel-places">
      {items.map((item, index) => {
        const meta = (details?.(item) ?? []).filter(Boolean);
        return (
          <li key={index}>
            <Typography.Text strong>{item.name}</Typography.Text>
            {meta.length ? <Typography.Text type="secondary"> · {meta.join(' · ')}</Typography.Text> : null}
            {item.description ? <div className="aide-travel-muted">{item.description}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Spec §2: weather and climate with packing tips and the season, then attractions, stays, tips, culture and safety. */
export function OverviewTab({ plan }: { plan: TravelPlan }) {
  const { token } = theme.useToken();
  const t = useT();
  const styleLabel = useStyleLabel();
  const view = overviewView(plan);
  const { preferences } = plan;
  const method = plan.generation.method;

  return (
    <Flex vertical gap={token.marginMD}>
      <dl className="aide-travel-prefs" aria-label={t('overview.preferences')}>
        <div>
          <dt>{t('overview.style')}</dt>
          <dd>{styleLabel(preferences.travelStyle)}</dd>
        </div>
        <div>
          <dt>{t('overview.group')}</dt>
          <dd>{t('overview.travellers', { count: preferences.groupSize })}</dd>
        </div>
        {preferences.budget ? (
          <div>
            <dt>{t('overview.budget')}</dt>
            <dd>{budgetPreference(preferences.budget)}</dd>
          </div>
        ) : null}
        {preferences.interests.length ? (
          <div>
            <dt>{t('overview.interests')}</dt>
            <dd>
              <Flex wrap gap={token.marginXXS}>
                {preferences.interests.map((interest) => (
                  <Tag key={interest} variant="filled" style={{ marginInlineEnd: 0 }}>
                    {interest}
                  </Tag>
                ))}
              </Flex>
            </dd>
          </div>
        ) : null}
      </dl>

      {overviewIsEmpty(view) ? (
        isGenerating(plan) ? (
          <EmptyState description={<EmptyText title={t('overview.preparing')} hint={t('overview.preparingHint')} />} />
        ) : (
          <EmptyState
            description={
              <EmptyText
                title={t('overview.none')}
                hint={
                  plan.editable
                    ? t('overview.noneHint')
                    : plan.status === 'booked'
                      ? t('overview.noneBookedHint')
                      : t('overview.noneLockedHint')
                }
              />
            }
          />
        )
      ) : (
        <div className="aide-travel-sections">
          {view.weather ? (
            <Section icon={<CloudOutlined />} title={t('overview.weather')}>
              {view.weather.climate ? (
                <Typography.Paragraph style={{ marginBottom: token.marginXS }}>
                  {view.weather.climate}
                </Typography.Paragraph>
              ) : null}
              {view.weather.season ? (
                <Typography.Paragraph style={{ marginBottom: token.marginXS }}>
                  <Typography.Text type="secondary">{t('overview.season')} </Typography.Text>
                  <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                    {view.weather.season}
                  </Tag>
                </Typography.Paragraph>
              ) : null}
              {view.weather.packing.length ? (
                <>
                  <Typography.Text type="secondary">{t('overview.packing')}</Typography.Text>
                  <TextList items={view.weather.packing} />
                </>
              ) : null}
            </Section>
          ) : null}
          {view.attractions.length ? (
            <Section icon={<StarOutlined />} title={t('overview.attractions')}>
              <PlaceList items={view.attractions} />
            </Section>
          ) : null}
          {view.accommodations.length ? (
            <Section icon={<BankOutlined />} title={t('overview.accommodations')}>
              <PlaceList items={view.accommodations} details={(item) => [item.area, item.priceRange]} />
            </Section>
          ) : null}
          {view.localTips.length ? (
            <Section icon={<BulbOutlined />} title={t('overview.localTips')}>
              <TextList items={view.localTips} />
            </Section>
          ) : null}
          {view.culture.length ? (
            <Section icon={<ReadOutlined />} title={t('overview.culture')}>
              <TextList items={view.culture} />
            </Section>
          ) : null}
          {view.safety.length ? (
            <Section icon={<SafetyOutlined />} title={t('overview.safety')}>
              <TextList items={view.safety} />
            </Section>
          ) : null}
        </div>
      )}

      {method && !overviewIsEmpty(view) ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          <InfoCircleOutlined aria-hidden />{' '}
          {method.startsWith('offline') ? t('overview.offline') : t('overview.method', { method })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
