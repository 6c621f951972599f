import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { trackingSnippet } from './websiteView';
import { useT } from '../i18n';

/** The script tag that counts the site's visits, with a copy button that says 'Copied'. */
export function TrackingSnippet({ siteKey }: { siteKey: string }) {
  const { token } = theme.useToken();
  const t = useT();
  const { toast } = useHost();
  const code = trackingSnippet(window.location.origin, siteKey);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t('snippet.copyFailed'), description: t('snippet.copyFailedHint'), variant: 'destructive' });
    }
  };

  return (
    <Flex vertical gap={token.marginXS} className="aide-website-snippet">
      <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
        <Typography.Text strong>{t('snippet.label')}</Typography.Text>
        <Button
          size="small"
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          aria-live="polite"
        >
          {copied ? t('snippet.copied') : t('snippet.copy')}
        </Button>
      </Flex>
      <pre className="aide-website-code" aria-label={t('snippet.label')} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('snippet.howTo', { head: '<head>' })} {t('snippet.privacy')}
      </Typography.Text>
    </Flex>
  );
}
