import { lazy, Suspense, useState } from 'react';
import { Button, Modal, Spin, Typography, theme } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useT } from '../i18n/quickadd';

// The box (and, once typed into, the date reader) loads when the dialog first opens, not with the dashboard.
const QuickAddBox = lazy(() => import('./QuickAddBox').then((m) => ({ default: m.QuickAddBox })));

/** The dashboard's Quick Actions entry: opens the quick add in a dialog, focused, without leaving the dashboard. */
export function QuickAddAction() {
  const t = useT();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        block
        type="dashed"
        icon={<EditOutlined />}
        onClick={() => setOpen(true)}
        style={{ height: token.controlHeightLG, marginBottom: token.marginSM }}
      >
        {t('action')}
      </Button>
      <Modal open={open} title={t('label')} footer={null} destroyOnHidden onCancel={() => setOpen(false)}>
        <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
        <Suspense fallback={<Spin />}>
          <QuickAddBox autoFocus fromUrl={false} onAdded={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
