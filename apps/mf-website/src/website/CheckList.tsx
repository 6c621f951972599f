import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { checkLabel, useT } from '../i18n';

export interface CheckItem {
  id: string;
  label: string;
  passed: boolean;
  detail: string;
  recommendation: string | null;
}

/** An audit's checks, failed first: each passed (✓) or failed (✗) with what was found and, when failed, what to do. */
export function CheckList<T extends CheckItem>({
  title,
  kind,
  checks,
  aside,
}: {
  title: string;
  /** Which audit the checks come from: their names are translated by id. */
  kind: 'seo' | 'security';
  checks: readonly T[];
  aside?: (check: T) => ReactNode;
}) {
  const { token } = theme.useToken();
  const t = useT();
  const sorted = [...checks].sort((a, b) => Number(a.passed) - Number(b.passed));
  return (
    <section aria-label={title} className="aide-website-checks">
      <Typography.Text strong className="aide-website-checks-title">
        {title}
      </Typography.Text>
      <ul>
        {sorted.map((check) => (
          <li key={check.id} data-check={check.id} data-passed={check.passed}>
            {check.passed ? (
              <CheckCircleFilled
                className="aide-website-check-icon"
                style={{ color: token.colorSuccess }}
                aria-label={t('check.passed')}
                role="img"
              />
            ) : (
              <CloseCircleFilled
                className="aide-website-check-icon"
                style={{ color: token.colorError }}
                aria-label={t('check.failed')}
                role="img"
              />
            )}
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Flex justify="space-between" gap={token.marginXS}>
                <Typography.Text strong>{checkLabel(kind, check.id, check.label)}</Typography.Text>
                {aside ? (
                  <Typography.Text type="secondary" className="aide-website-number">
                    {aside(check)}
                  </Typography.Text>
                ) : null}
              </Flex>
              <Typography.Text type="secondary">{check.detail}</Typography.Text>
              {!check.passed && check.recommendation ? (
                <Typography.Text className="aide-website-recommendation">{check.recommendation}</Typography.Text>
              ) : null}
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}
