import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Skeleton, Typography, theme } from 'antd';
import { callEndpoint, errorDetail, queryKeyOf } from '@aide/api-client';
import { type DigestPreview, digestEndpoints } from '@aide/contracts';
import { useT } from '../i18n';

/**
 * The weekly digest as it would arrive now: its subject, and its HTML in an iframe whose sandbox
 * allows nothing (no scripts, no navigation): the mail's markup is shown, never run.
 */
export function WeeklyDigestPreviewDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { token } = theme.useToken();
  const preview = useQuery<DigestPreview>({
    queryKey: queryKeyOf(digestEndpoints.preview),
    queryFn: ({ signal }) => callEndpoint(digestEndpoints.preview, { signal }),
    // Always the digest of now: the week's tasks and mail change while the profile is open.
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Modal
      open
      title={t('digestPreview.title')}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('digestPreview.close')}</Button>}
    >
      {preview.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : preview.isError ? (
        <Alert type="error" showIcon title={t('digestPreview.failed')} description={errorDetail(preview.error)} />
      ) : (
        <Flex vertical gap={token.marginSM}>
          <Typography.Text>
            <Typography.Text type="secondary">{t('digestPreview.subject')}</Typography.Text>{' '}
            <Typography.Text strong>{preview.data.subject}</Typography.Text>
          </Typography.Text>
          {preview.data.wouldSend ? null : <Alert type="info" showIcon title={t('digestPreview.nothing')} />}
          <iframe
            title={t('digestPreview.frameTitle')}
            sandbox=""
            srcDoc={preview.data.html}
            style={{
              width: '100%',
              height: 'min(60vh, 560px)',
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              background: token.colorBgLayout,
            }}
          />
        </Flex>
      )}
    </Modal>
  );
}
