import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { trackingSnippet } from './websiteView';

export const SNIPPET_TEXT = {
  label: 'Tracking snippet',
  copy: 'Copy snippet',
  copied: 'Copied',
  copyFailed: 'Could not copy the snippet',
  copyFailedHint: 'Select the code and copy it yourself.',
  howTo: 'Paste it into your site’s <head>, on every page.',
  privacy:
    'Cookieless and privacy-friendly: no personal data is stored, and visitors with Do Not Track on are not counted.',
} as const;

/** The script tag that counts the site's visits, with a copy button that says 'Copied'. */
export function TrackingSnippet({ siteKey }: { siteKey: string }) {
  const { token } = theme.useToken();
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
      toast({ title: SNIPPET_TEXT.copyFailed, description: SNIPPET_TEXT.copyFailedHint, variant: 'destructive' });
    }
  };

  return (
    <Flex vertical gap={token.marginXS} className="aide-website-snippet">
      <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
        <Typography.Text strong>{SNIPPET_TEXT.label}</Typography.Text>
        <Button
          size="small"
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          aria-live="polite"
        >
          {copied ? SNIPPET_TEXT.copied : SNIPPET_TEXT.copy}
        </Button>
      </Flex>
      <pre className="aide-website-code" aria-label={SNIPPET_TEXT.label} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {SNIPPET_TEXT.howTo} {SNIPPET_TEXT.privacy}
      </Typography.Text>
    </Flex>
  );
}
