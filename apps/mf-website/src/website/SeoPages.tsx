import { Alert, Collapse, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { FileImageOutlined, FileTextOutlined } from '@ant-design/icons';
import { type SeoPageResult, WEBSITE_CRAWL_LIMITS } from '@aide/contracts';
import { CheckList } from './CheckList';
import { formatCount, imageFileName, ratingColor, seoRatingOf } from './websiteView';
import { useT } from '../i18n';

/** One audited page's own findings: its checks, failed first, and the images it shows without alt text, by file name. */
function PageFindings({ page }: { page: SeoPageResult }) {
  const { token } = theme.useToken();
  const t = useT();
  if (page.error !== null)
    return <Alert type="error" showIcon title={t('seo.pages.unreadable')} description={page.error} />;
  return (
    <Flex vertical gap={token.marginSM}>
      <CheckList
        title={t('seo.pages.checksOf', { path: page.path })}
        checks={page.checks}
        kind="seo"
        aside={(check) => t('seo.points', { points: formatCount(check.points), max: formatCount(check.max) })}
      />
      {page.imagesWithoutAlt.length ? (
        <section className="aide-website-checks" aria-label={t('seo.pages.imagesWithoutAlt')}>
          <Typography.Text strong className="aide-website-checks-title">
            {t('seo.pages.imagesWithoutAlt')}
          </Typography.Text>
          <ul>
            {page.imagesWithoutAlt.map((src, index) => (
              <li key={`${src}-${index}`} data-image={src}>
                <FileImageOutlined
                  className="aide-website-check-icon"
                  style={{ color: token.colorWarning }}
                  aria-hidden
                />
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong>{imageFileName(src)}</Typography.Text>
                  <Typography.Text type="secondary" className="aide-website-recommendation" copyable={{ text: src }}>
                    {src}
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Flex>
  );
}

/** The pages the SEO audit read (home page first, then the sitemap's), each a panel with its score, its issue count and its findings. */
export default function SeoPages({ pages }: { pages: readonly SeoPageResult[] }) {
  const { token } = theme.useToken();
  const t = useT();
  const issues = (page: SeoPageResult) => page.checks.filter((check) => !check.passed).length;
  const firstWithIssues = pages.find((page) => page.error !== null || issues(page) > 0);

  return (
    <section aria-label={t('seo.pages.title')}>
      <Flex vertical gap={token.marginXXS} style={{ marginBottom: token.marginSM }}>
        <Typography.Text strong>{t('seo.pages.title')}</Typography.Text>
        <Typography.Text type="secondary">
          {t('seo.pages.hint', { count: pages.length, max: WEBSITE_CRAWL_LIMITS.auditPages - 1 })}
        </Typography.Text>
      </Flex>
      <Collapse
        size="small"
        defaultActiveKey={firstWithIssues ? [firstWithIssues.url] : []}
        items={pages.map((page) => {
          const count = issues(page);
          const rating = seoRatingOf(page.score);
          return {
            key: page.url,
            label: (
              <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
                <FileTextOutlined aria-hidden style={{ color: token.colorTextSecondary }} />
                <Tooltip title={page.url}>
                  <Typography.Text strong ellipsis style={{ minWidth: 0 }} data-testid="seo-page-path">
                    {page.path}
                  </Typography.Text>
                </Tooltip>
              </Flex>
            ),
            extra: (
              <Flex gap={token.marginXS} align="center">
                {page.error !== null ? (
                  <Tag color="error">{t('seo.pages.unreadableTag')}</Tag>
                ) : (
                  <>
                    <Tag color={count ? 'warning' : 'success'} variant="outlined">
                      {t('seo.pages.issues', { count })}
                    </Tag>
                    <span
                      className="aide-website-number"
                      style={{ color: ratingColor(rating, token), fontWeight: 600, minWidth: 28, textAlign: 'end' }}
                      aria-label={t('seo.outOf100', { score: page.score ?? 0 })}
                    >
                      {page.score ?? '—'}
                    </span>
                  </>
                )}
              </Flex>
            ),
            children: <PageFindings page={page} />,
          };
        })}
      />
    </section>
  );
}
