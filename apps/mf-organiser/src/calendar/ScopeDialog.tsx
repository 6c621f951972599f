import { useCallback, useId, useState, type ReactNode } from 'react';
import { Flex, Modal, Radio, Typography, theme } from 'antd';
import type { OccurrenceScope } from '@aide/contracts';
import { VisuallyHidden } from '@aide/ui';
import { t as organiserT } from '../i18n';
import { useT } from '../i18n/calendar-extra';

/** What is being done to an occurrence of a repeating event: the dialog's title and button follow it. */
export type ScopeAction = 'edit' | 'delete' | 'move';

export interface ScopeQuestion {
  action: ScopeAction;
  /** False when "This event" makes no sense (the repeat rule itself changed). */
  allowThis?: boolean;
}

interface OpenQuestion extends ScopeQuestion {
  resolve: (scope: OccurrenceScope | null) => void;
  /** Each question is a fresh dialog, starting from its first choice. */
  id: number;
}

/**
 * "Edit repeating event: This event / This and following events / All events", as Google Calendar
 * asks. `ask()` opens it and resolves with the choice, or null when the user cancels; render `dialog`.
 */
export function useScopeDialog(): {
  ask: (question: ScopeQuestion) => Promise<OccurrenceScope | null>;
  dialog: ReactNode;
} {
  const [question, setQuestion] = useState<OpenQuestion | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback(
    (q: ScopeQuestion) =>
      new Promise<OccurrenceScope | null>((resolve) => {
        setQuestion((previous) => ({ ...q, resolve, id: (previous?.id ?? 0) + 1 }));
        setOpen(true);
      }),
    [],
  );
  const answer = (scope: OccurrenceScope | null) => {
    question?.resolve(scope);
    setOpen(false);
  };
  const dialog = question ? (
    <ScopeDialog
      key={question.id}
      open={open}
      action={question.action}
      allowThis={question.allowThis !== false}
      onAnswer={answer}
    />
  ) : null;
  return { ask, dialog };
}

export interface ScopeDialogProps {
  open: boolean;
  action: ScopeAction;
  allowThis: boolean;
  onAnswer: (scope: OccurrenceScope | null) => void;
}

const TITLES = { edit: 'scope.editTitle', delete: 'scope.deleteTitle', move: 'scope.moveTitle' } as const;

export function ScopeDialog({ open, action, allowThis, onAnswer }: ScopeDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const labelId = useId();
  const initial: OccurrenceScope = allowThis ? 'this' : 'following';
  const [scope, setScope] = useState<OccurrenceScope>(initial);

  const choices: OccurrenceScope[] = allowThis ? ['this', 'following', 'all'] : ['following', 'all'];
  const labels: Record<OccurrenceScope, string> = {
    this: t('scope.this'),
    following: t('scope.following'),
    all: t('scope.all'),
  };
  return (
    <Modal
      open={open}
      title={t(TITLES[action])}
      width={400}
      onCancel={() => onAnswer(null)}
      onOk={() => onAnswer(scope)}
      okText={action === 'delete' ? organiserT('common.delete') : t('scope.ok')}
      okButtonProps={{ danger: action === 'delete' }}
      cancelText={organiserT('common.cancel')}
      destroyOnHidden
      // Above the Edit Event dialog it is asked from.
      zIndex={1100}
    >
      <Flex vertical gap={token.marginSM} style={{ marginTop: token.marginSM }}>
        <VisuallyHidden id={labelId}>{t(action === 'delete' ? 'scope.deleteLabel' : 'scope.editLabel')}</VisuallyHidden>
        <Radio.Group
          aria-labelledby={labelId}
          value={scope}
          onChange={(e) => setScope(e.target.value as OccurrenceScope)}
        >
          <Flex vertical gap={token.marginSM}>
            {choices.map((choice) => (
              <Radio key={choice} value={choice} autoFocus={choice === initial}>
                {labels[choice]}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        {allowThis ? null : (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('scope.ruleChanged')}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
