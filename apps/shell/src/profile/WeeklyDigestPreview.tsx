import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useT } from '../i18n';

// The dialog (and its query) loads when first opened: Profile's first screen stays as it was.
const WeeklyDigestPreviewDialog = lazy(() =>
  import('./WeeklyDigestPreviewDialog').then((m) => ({ default: m.WeeklyDigestPreviewDialog })),
);

/**
 * 'Preview' beside the Weekly digest switch (issue 27): opens the current person's digest as it
 * would be sent now (GET /api/digest/preview), the mail's own HTML in a sandboxed frame.
 */
export function WeeklyDigestPreview() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<EyeOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('digestPreview.openLabel')}
        style={{ flex: 'none' }}
      >
        {t('digestPreview.open')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <WeeklyDigestPreviewDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
