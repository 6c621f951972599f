import { useEffect, useRef, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Descriptions, Flex, Form, Input, Modal, Typography, theme } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { isUnauthorizedError } from '@aide/api-client';
import { forwardEmailSchema, replyEmailSchema, type Email, type SendEmailResult } from '@aide/contracts';
import { useHost, type ToastInput } from '@aide/module-kit';
import { useFormFields } from '@aide/ui';
import {
  forwardedMessage,
  forwardSubject,
  parseAddress,
  quotedReply,
  replySubject,
  serverMessage,
} from '../shared/emailText';
import { textsOf, useT } from '../i18n';
import { useForwardEmail, useReplyEmail } from './useEmails';
import { DraftReplyButton } from '../assist/DraftReplyButton';

// Spec §8 texts (errors) and the success and draft toasts, read in the language active when shown.
export const COMPOSE_TEXT = textsOf({
  replySent: 'compose.replySent',
  replyError: 'compose.replyError',
  replyFallback: 'compose.replyFallback',
  forwarded: 'compose.forwarded',
  forwardError: 'compose.forwardError',
  forwardFallback: 'compose.forwardFallback',
  savedAsDraft: 'compose.savedAsDraft',
  deliveryFailedDraft: 'compose.deliveryFailedDraft',
});

/** The toast for a reply or forward the server answered: sent, or (spec §4/§8) saved as a draft because delivery failed. */
export function sendResultToast(result: SendEmailResult, sentTitle: string): ToastInput {
  // The server's message adds to the title only when it says something else (e.g. to whom).
  if (result.emailSent)
    return {
      title: sentTitle,
      description: result.message && result.message !== sentTitle ? result.message : undefined,
    };
  // The contract's English text (spec §8), in the reader's language.
  return { title: COMPOSE_TEXT.savedAsDraft, description: COMPOSE_TEXT.deliveryFailedDraft, variant: 'destructive' };
}

/** What the server puts under the user's text (the quoted original, or the forwarded message), read-only. */
function QuotedOriginal({ label, text }: { label: string; text: string }) {
  const { token } = theme.useToken();
  return (
    <div role="group" aria-label={label}>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {label}
      </Typography.Text>
      <Typography.Paragraph
        type="secondary"
        style={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: 180,
          overflow: 'auto',
          margin: `${token.marginXXS}px 0 0`,
          paddingLeft: token.paddingSM,
          borderLeft: `3px solid ${token.colorBorderSecondary}`,
          fontSize: token.fontSizeSM,
        }}
      >
        {text}
      </Typography.Paragraph>
    </div>
  );
}

interface ComposeDialogProps {
  open: boolean;
  /** The email replied to or forwarded. */
  email: Email | null;
  onClose: () => void;
}

interface ComposeModalProps {
  open: boolean;
  title: string;
  okText: string;
  loading: boolean;
  onOk: () => void;
  onCancel: () => void;
  afterOpenChange: (visible: boolean) => void;
  /** To, Subject…: what the server will send with, read-only. */
  headers: { key: string; label: string; children: ReactNode }[];
  children: ReactNode;
}

/** The frame both compose dialogs share: the modal and its read-only header lines. */
function ComposeModal({
  open,
  title,
  okText,
  loading,
  onOk,
  onCancel,
  afterOpenChange,
  headers,
  children,
}: ComposeModalProps) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      confirmLoading={loading}
      onOk={onOk}
      onCancel={onCancel}
      afterOpenChange={afterOpenChange}
      width={{ xs: '100%', sm: '92%', md: 680 }}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        colon={false}
        style={{ marginTop: token.marginSM }}
        styles={{ label: { width: 64, color: token.colorTextSecondary }, content: { overflowWrap: 'anywhere' } }}
        items={headers}
      />
      {children}
    </Modal>
  );
}

/** An address to show the field's format; the same in every language. */
const EXAMPLE_ADDRESS = 'name@example.com';

/** Puts the caret at the start of the text area, above the quoted original. */
function useCaretAtStart() {
  const ref = useRef<TextAreaRef>(null);
  const focus = (visible: boolean) => {
    const area = ref.current?.resizableTextArea?.textArea;
    if (!visible || !area) return;
    area.focus();
    area.setSelectionRange(0, 0);
    area.scrollTop = 0;
  };
  return { ref, focus };
}

/** Ctrl/⌘ + Enter sends, as in mail clients. */
const sendOnCtrlEnter = (send: () => void) => (e: React.KeyboardEvent) => {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
    e.preventDefault();
    send();
  }
};

export function ReplyDialog({
  open,
  email,
  onClose,
  initialText = '',
}: ComposeDialogProps & { /** A suggested reply picked under the message (reply help). */ initialText?: string }) {
  const t = useT();
  const { toast } = useHost();
  const { token } = theme.useToken();
  const reply = useReplyEmail();
  const caret = useCaretAtStart();
  const defaults = { emailId: email?.id ?? 0, content: '' };
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(replyEmailSchema), defaultValues: defaults });
  const { idFor, itemProps } = useFormFields<FieldPath<typeof defaults>>(errors);

  useEffect(() => {
    if (open && email) reset({ emailId: email.id, content: initialText });
  }, [open, email, reset, initialText]);

  const submit = handleSubmit(async (payload) => {
    if (reply.isPending) return;
    try {
      const result = await reply.mutateAsync(payload);
      toast(sendResultToast(result, COMPOSE_TEXT.replySent));
      onClose();
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({
          title: COMPOSE_TEXT.replyError,
          description: serverMessage(error, COMPOSE_TEXT.replyFallback),
          variant: 'destructive',
        });
    }
  });

  if (!email) return null;
  return (
    <ComposeModal
      open={open}
      title={t('compose.replyTitle')}
      okText={t('compose.sendReply')}
      loading={reply.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={caret.focus}
      headers={[
        { key: 'to', label: t('common.to'), children: parseAddress(email.from).address || email.from },
        { key: 'subject', label: t('common.subject'), children: replySubject(email.subject) },
      ]}
    >
      <Form layout="vertical" style={{ marginTop: token.marginSM }}>
        <Form.Item
          label={t('compose.message')}
          required
          {...itemProps('content')}
          extra={<Typography.Text type="secondary">{t('compose.ctrlEnter')}</Typography.Text>}
        >
          <Flex justify="flex-end" style={{ marginBottom: token.marginXS }}>
            <DraftReplyButton
              emailId={email.id}
              onDraft={(draft) => setValue('content', draft, { shouldValidate: true, shouldDirty: true })}
            />
          </Flex>
          <Controller
            name="content"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                ref={caret.ref}
                id={idFor('content')}
                autoSize={{ minRows: 6, maxRows: 16 }}
                onKeyDown={sendOnCtrlEnter(() => void submit())}
              />
            )}
          />
        </Form.Item>
      </Form>
      <QuotedOriginal label={t('compose.quotedBelow')} text={quotedReply(email)} />
    </ComposeModal>
  );
}

export function ForwardDialog({ open, email, onClose }: ComposeDialogProps) {
  const t = useT();
  const { toast } = useHost();
  const { token } = theme.useToken();
  const forward = useForwardEmail();
  const caret = useCaretAtStart();
  const defaults = { emailId: email?.id ?? 0, to: '', content: '' };
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forwardEmailSchema), defaultValues: defaults });
  const { idFor, itemProps } = useFormFields<FieldPath<typeof defaults>>(errors);

  useEffect(() => {
    if (open && email) reset({ emailId: email.id, to: '', content: '' });
  }, [open, email, reset]);

  const submit = handleSubmit(async (payload) => {
    if (forward.isPending) return;
    try {
      const result = await forward.mutateAsync(payload);
      toast(sendResultToast(result, COMPOSE_TEXT.forwarded));
      onClose();
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({
          title: COMPOSE_TEXT.forwardError,
          description: serverMessage(error, COMPOSE_TEXT.forwardFallback),
          variant: 'destructive',
        });
    }
  });

  if (!email) return null;
  return (
    <ComposeModal
      open={open}
      title={t('compose.forwardTitle')}
      okText={t('compose.sendForward')}
      loading={forward.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('to')}
      headers={[{ key: 'subject', label: t('common.subject'), children: forwardSubject(email.subject) }]}
    >
      <Form layout="vertical" style={{ marginTop: token.marginSM }}>
        <Form.Item label={t('common.to')} required {...itemProps('to')}>
          <Controller
            name="to"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('to')}
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder={EXAMPLE_ADDRESS}
                onPressEnter={() => void submit()}
              />
            )}
          />
        </Form.Item>
        <Form.Item
          label={t('compose.note')}
          {...itemProps('content')}
          extra={<Typography.Text type="secondary">{t('compose.noteHelp')}</Typography.Text>}
        >
          <Controller
            name="content"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                ref={caret.ref}
                id={idFor('content')}
                autoSize={{ minRows: 4, maxRows: 16 }}
                onKeyDown={sendOnCtrlEnter(() => void submit())}
              />
            )}
          />
        </Form.Item>
      </Form>
      <QuotedOriginal label={t('compose.forwardedBelow')} text={forwardedMessage(email)} />
    </ComposeModal>
  );
}
