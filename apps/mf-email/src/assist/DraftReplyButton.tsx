import { isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';
import { RobotOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useT } from '../i18n/assist';
import { useDraftReply } from './useReplyHelp';

/** 'Draft a reply' in the Reply dialog: fills the editor with a draft the person then edits. */
export function DraftReplyButton({ emailId, onDraft }: { emailId: number; onDraft: (text: string) => void }) {
  const t = useT();
  const { toast } = useHost();
  const draft = useDraftReply();
  const run = async () => {
    try {
      onDraft((await draft.mutateAsync(emailId)).draft);
    } catch (error) {
      if (!isUnauthorizedError(error)) toast({ title: t('draft.error'), variant: 'destructive' });
    }
  };
  return (
    <Button icon={<RobotOutlined aria-hidden />} loading={draft.isPending} onClick={() => void run()}>
      {t('draft.button')}
    </Button>
  );
}
