import { Alert, Button, Flex } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';
import { useT } from '../i18n/newsletters';
import { serverMessage } from '../shared/emailText';
import type { RemoteContentChoice } from './useNewsletters';

/**
 * Above a message whose remote images were left out (a tracking pixel tells the sender when and
 * where it was read): Show images for this message, or Always show from its sender (a rule stored
 * for the user). `choice` is undefined while the user's rules load, or where there are none to ask.
 */
export function RemoteContentBar({ choice, onShow }: { choice?: RemoteContentChoice; onShow: () => void }) {
  const t = useT();
  const { toast } = useHost();
  const alwaysShow = async () => {
    if (!choice) return;
    try {
      await choice.onAlwaysShow();
      toast({ title: t('privacy.alwaysDone', { sender: choice.sender }) });
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({
          title: t('privacy.alwaysError'),
          description: serverMessage(error, ''),
          variant: 'destructive',
        });
    }
  };
  // The actions sit under the text (not in Alert's action slot), so they wrap on a phone.
  return (
    <Alert
      type="info"
      showIcon
      icon={<EyeInvisibleOutlined aria-hidden />}
      title={t('privacy.hidden')}
      description={
        <Flex gap="small" wrap align="center" style={{ marginTop: 4 }}>
          <Button size="small" onClick={onShow}>
            {t('privacy.show')}
          </Button>
          {choice && !choice.alwaysShown ? (
            <Button
              size="small"
              type="link"
              loading={choice.pending}
              onClick={() => void alwaysShow()}
              style={{
                height: 'auto',
                paddingInline: 0,
                whiteSpace: 'normal',
                textAlign: 'start',
                overflowWrap: 'anywhere',
              }}
            >
              {t('privacy.always', { sender: choice.sender })}
            </Button>
          ) : null}
        </Flex>
      }
    />
  );
}
