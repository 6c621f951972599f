/**
 * The New Message window (issue 24): From, To/Cc/Bcc with suggestions, Subject, a rich-text body
 * with the account's signature, attachments (uploads and documents), drafts saved as you type,
 * Send and Schedule send. A Modal on wide screens, a full-screen Drawer on a phone. Loaded lazily
 * with its editor.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  App,
  Button,
  DatePicker,
  Drawer,
  Dropdown,
  Flex,
  Grid,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  theme,
} from 'antd';
import {
  CloseOutlined,
  DeleteOutlined,
  DownOutlined,
  FileTextOutlined,
  PaperClipOutlined,
  ScheduleOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { RcFile } from 'antd/es/upload';
import dayjs, { type Dayjs } from 'dayjs';
import { isUnauthorizedError } from '@aide/api-client';
import { type ComposeAttachment, type SaveDraftPayload, sendComposedEmailSchema } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useFormFields } from '@aide/ui';
import { serverMessage } from '../shared/emailText';
import { useComposeT } from '../i18n/compose';
import { type EmailAccount, useEmailIntegrations } from '../integrations/useEmailIntegrations';
import { useSendMessage } from '../outbox/useSendMessage';
import { nextMondayMorning, tomorrowMorning, withSignature } from './composeText';
import type { RichTextEditorHandle } from './RichTextEditor';
import { RecipientsSelect } from './RecipientsSelect';
import { uploadAttachment, useDeleteDraft, useDocumentChoices, useDraft, useSaveDraft } from './useCompose';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** Saved this long after the last change. */
export const AUTOSAVE_DELAY_MS = 2000;

interface AttachmentItem {
  key: string;
  name: string;
  size: number;
  ref: ComposeAttachment | null;
  /** Percent while it uploads. */
  progress: number | null;
  failed?: boolean;
}

interface Fields {
  integrationId: number | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  text: string;
}

export interface ComposeWindowProps {
  open: boolean;
  /** The draft to reopen; null for a new message. */
  draftId: number | null;
  onClose: () => void;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface Initial {
  fields: Fields;
  attachments: AttachmentItem[];
  showCcBcc: boolean;
}

/** Waits for the accounts (and the draft being reopened), then opens the window with them. */
export default function ComposeWindow(props: ComposeWindowProps) {
  const t = useComposeT();
  const accountsQuery = useEmailIntegrations();
  const draftQuery = useDraft(props.draftId);
  const accounts = useMemo(() => (accountsQuery.data ?? []).filter((a) => a.isActive), [accountsQuery.data]);
  const initial = useMemo((): Initial | null => {
    if (!accountsQuery.isSuccess || accounts.length === 0) return null;
    if (props.draftId !== null) {
      if (!draftQuery.data) return null;
      const { message } = draftQuery.data;
      return {
        fields: {
          integrationId: message.integrationId,
          to: message.to,
          cc: message.cc,
          bcc: message.bcc,
          subject: message.subject,
          html: message.html || `<p>${message.text}</p>`,
          text: message.text,
        },
        showCcBcc: message.cc.length + message.bcc.length > 0,
        attachments: message.attachments.map((ref, i) => ({
          key: `saved-${i}`,
          name: draftQuery.data.files[i]?.filename ?? '',
          size: draftQuery.data.files[i]?.size ?? 0,
          ref,
          progress: null,
        })),
      };
    }
    const integrationId = accounts[0].id;
    const html = withSignature('<p></p>', accounts[0].signature);
    return {
      fields: { integrationId, to: [], cc: [], bcc: [], subject: '', html, text: '' },
      showCcBcc: false,
      attachments: [],
    };
  }, [accountsQuery.isSuccess, accounts, props.draftId, draftQuery.data]);

  if (initial) return <ComposeForm {...props} accounts={accounts} initial={initial} />;
  const noAccount = accountsQuery.isSuccess && accounts.length === 0;
  return (
    <Modal open={props.open} title={t('title')} footer={null} onCancel={props.onClose} width={780} destroyOnHidden>
      {noAccount ? <Typography.Paragraph>{t('noAccount')}</Typography.Paragraph> : <Skeleton active />}
    </Modal>
  );
}

function ComposeForm({
  open,
  draftId: openedDraftId,
  onClose,
  accounts,
  initial,
}: ComposeWindowProps & { accounts: EmailAccount[]; initial: Initial }) {
  const t = useComposeT();
  const { toast } = useHost();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;

  const saveDraft = useSaveDraft();
  const deleteDraft = useDeleteDraft();
  const send = useSendMessage();

  const editorRef = useRef<RichTextEditorHandle>(null);
  const [fields, setFields] = useState<Fields>(initial.fields);
  const [attachments, setAttachments] = useState<AttachmentItem[]>(initial.attachments);
  const [showCcBcc, setShowCcBcc] = useState(initial.showCcBcc);
  const [recipientsError, setRecipientsError] = useState<string | undefined>();
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [pickingDocuments, setPickingDocuments] = useState(false);
  const [pickingTime, setPickingTime] = useState(false);
  const [sendAt, setSendAt] = useState<Dayjs | null>(null);

  // What the timers and the async saves read: the latest fields and attachments (kept beside the
  // state by the handlers that change them), the draft's id once saved, and how many changes are
  // not saved yet.
  const draftIdRef = useRef<number | null>(openedDraftId);
  const fieldsRef = useRef<Fields>(initial.fields);
  const attachmentsRef = useRef<AttachmentItem[]>(initial.attachments);
  const [revision, setRevision] = useState(0);
  const revisionRef = useRef(0);
  const savedRevision = useRef(0);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const finished = useRef(false);

  const signatureOf = (integrationId: number | null) => accounts.find((a) => a.id === integrationId)?.signature ?? null;

  const touched = () => {
    revisionRef.current += 1;
    setRevision(revisionRef.current);
  };
  const updateAttachments = (update: (list: AttachmentItem[]) => AttachmentItem[], isChange = true) => {
    attachmentsRef.current = update(attachmentsRef.current);
    setAttachments(attachmentsRef.current);
    if (isChange) touched();
  };

  const change = (patch: Partial<Fields>) => {
    fieldsRef.current = { ...fieldsRef.current, ...patch };
    setFields(fieldsRef.current);
    touched();
  };

  const payloadOf = useCallback(
    (current: Fields): SaveDraftPayload => ({
      integrationId: current.integrationId ?? 0,
      to: current.to,
      cc: current.cc,
      bcc: current.bcc,
      subject: current.subject,
      html: current.html,
      text: current.text,
      attachments: attachmentsRef.current.flatMap((a) => (a.ref ? [a.ref] : [])),
      inReplyToEmailId: null,
    }),
    [],
  );

  /** Saves what is written now (after any save under way); nothing when nothing was written. */
  const saveNow = useCallback((): Promise<void> => {
    const run = async () => {
      const current = fieldsRef.current;
      if (current.integrationId === null || finished.current) return;
      const target = revisionRef.current;
      if (target === savedRevision.current) return;
      const payload = payloadOf(current);
      const empty =
        payload.to.length + payload.cc.length + payload.bcc.length === 0 &&
        !payload.subject.trim() &&
        !payload.text.trim() &&
        payload.attachments.length === 0;
      if (empty && draftIdRef.current === null) return;
      setSaveState('saving');
      try {
        const saved = await saveDraft.mutateAsync({ id: draftIdRef.current, message: payload });
        draftIdRef.current = saved.id;
        savedRevision.current = target;
        setSaveState('saved');
      } catch (error) {
        setSaveState('failed');
        if (isUnauthorizedError(error)) return;
      }
    };
    saving.current = saving.current.then(run, run);
    return saving.current;
  }, [saveDraft, payloadOf]);

  // Autosave: AUTOSAVE_DELAY_MS after the last change.
  useEffect(() => {
    if (revision === 0) return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision, saveNow]);

  const close = async () => {
    await saveNow();
    finished.current = true;
    onClose();
  };

  const discard = () => {
    modal.confirm({
      title: t('discard.title'),
      content: t('discard.body'),
      okText: t('discard.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        finished.current = true;
        await saving.current;
        if (draftIdRef.current !== null) await deleteDraft.mutateAsync(draftIdRef.current).catch(() => undefined);
        onClose();
      },
    });
  };

  const changeFrom = (integrationId: number) => {
    const html = withSignature(editorRef.current?.getHtml() ?? fieldsRef.current.html, signatureOf(integrationId));
    editorRef.current?.setHtml(html);
    change({ integrationId, html });
  };

  const submit = async (at: Dayjs | null) => {
    const current = fieldsRef.current;
    if (attachments.some((a) => a.progress !== null)) {
      toast({ title: t('attachments.stillUploading'), variant: 'destructive' });
      return;
    }
    const parsed = sendComposedEmailSchema.safeParse({
      ...payloadOf(current),
      draftId: draftIdRef.current,
      sendAt: at ? at.toISOString() : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => ['to', 'cc', 'bcc'].includes(String(i.path[0])));
      if (issue) {
        setRecipientsError(issue.message);
        return;
      }
      toast({ title: t('send.failed'), description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    setRecipientsError(undefined);
    finished.current = true;
    await saving.current;
    try {
      await send.mutateAsync({ ...parsed.data, draftId: draftIdRef.current });
      if (at) toast({ title: t('send.scheduled', { when: at.format('LLLL') }) });
      onClose();
    } catch (error) {
      finished.current = false;
      if (!isUnauthorizedError(error))
        toast({ title: t('send.failed'), description: serverMessage(error, t('send.failed')), variant: 'destructive' });
    }
  };

  const addUpload = (file: RcFile) => {
    const key = `upload-${file.uid}`;
    updateAttachments((list) => [...list, { key, name: file.name, size: file.size, ref: null, progress: 0 }], false);
    uploadAttachment(file, {
      onProgress: (p) =>
        updateAttachments((list) => list.map((a) => (a.key === key ? { ...a, progress: p.percent ?? 0 } : a)), false),
    })
      .then((stored) => {
        updateAttachments((list) =>
          list.map((a) =>
            a.key === key
              ? {
                  ...a,
                  name: stored.filename,
                  size: stored.size,
                  progress: null,
                  ref: { kind: 'upload', uploadId: stored.uploadId },
                }
              : a,
          ),
        );
      })
      .catch((error: unknown) => {
        updateAttachments((list) => list.filter((a) => a.key !== key), false);
        if (!isUnauthorizedError(error))
          toast({
            title: t('attachments.uploadFailed', { name: file.name }),
            description: serverMessage(error, t('attachments.uploadFailed', { name: file.name })),
            variant: 'destructive',
          });
      });
  };

  const removeAttachment = (key: string) => {
    updateAttachments((list) => list.filter((a) => a.key !== key));
  };

  const { idFor, itemProps } = useFormFields<'to'>({ to: recipientsError ? { message: recipientsError } : undefined });
  const toHelp = itemProps('to').help;

  const rowStyle = {
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    padding: `${token.paddingXXS}px 0`,
    alignItems: 'center',
  } as const;
  const labelStyle = { width: 56, flex: 'none', color: token.colorTextSecondary } as const;

  const statusText =
    saveState === 'saving'
      ? t('draft.saving')
      : saveState === 'saved'
        ? t('draft.saved')
        : saveState === 'failed'
          ? t('draft.failed')
          : '';

  const scheduleMenu = {
    items: [
      { key: 'tomorrow', icon: <ScheduleOutlined aria-hidden />, label: t('schedule.tomorrowMorning') },
      { key: 'monday', icon: <ScheduleOutlined aria-hidden />, label: t('schedule.mondayMorning') },
      { type: 'divider' as const },
      { key: 'pick', label: t('schedule.pick') },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'tomorrow') void submit(tomorrowMorning());
      else if (key === 'monday') void submit(nextMondayMorning());
      else setPickingTime(true);
    },
  };
  const sendButton = (
    <Space.Compact>
      <Button
        type="primary"
        icon={<SendOutlined aria-hidden />}
        loading={send.isPending}
        onClick={() => void submit(null)}
      >
        {t('send.button')}
      </Button>
      <Dropdown menu={scheduleMenu} trigger={['click']} placement="topRight">
        <Button
          type="primary"
          icon={<DownOutlined aria-hidden />}
          aria-label={t('schedule.menu')}
          disabled={send.isPending}
        />
      </Dropdown>
    </Space.Compact>
  );

  const footer = (
    <Flex justify="space-between" align="center" wrap gap={token.marginXS} style={{ width: '100%' }}>
      <Space wrap size={token.marginXS}>
        {sendButton}
        <Upload
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            addUpload(file);
            return false;
          }}
        >
          <Button icon={<PaperClipOutlined aria-hidden />} aria-label={phone ? t('attachments.attach') : undefined}>
            {phone ? null : t('attachments.attach')}
          </Button>
        </Upload>
        <Button
          icon={<FileTextOutlined aria-hidden />}
          aria-label={phone ? t('attachments.fromDocuments') : undefined}
          onClick={() => setPickingDocuments(true)}
        >
          {phone ? null : t('attachments.fromDocuments')}
        </Button>
      </Space>
      <Space size={token.marginXS}>
        <Typography.Text type={saveState === 'failed' ? 'danger' : 'secondary'} aria-live="polite">
          {statusText}
        </Typography.Text>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('discard.button')}
          onClick={discard}
        />
      </Space>
    </Flex>
  );

  const body = (
    <Flex vertical gap={token.marginXS}>
      <Flex style={rowStyle}>
        <label style={labelStyle} htmlFor={idFor('to') + '-from'}>
          {t('field.from')}
        </label>
        <Select
          id={idFor('to') + '-from'}
          variant="borderless"
          style={{ flex: 1, minWidth: 0 }}
          value={fields.integrationId ?? undefined}
          onChange={changeFrom}
          options={accounts.map((a) => ({
            value: a.id,
            label: a.displayName ? `${a.displayName} <${a.email}>` : a.email,
          }))}
        />
      </Flex>
      <div>
        <Flex style={rowStyle}>
          <label style={labelStyle} htmlFor={idFor('to')}>
            {t('field.to')}
          </label>
          <div style={{ flex: 1, minWidth: 0 }}>
            <RecipientsSelect
              id={idFor('to')}
              label={t('field.to')}
              value={fields.to}
              status={toHelp ? 'error' : undefined}
              autoFocus={openedDraftId === null}
              onChange={(to) => {
                setRecipientsError(undefined);
                change({ to });
              }}
            />
          </div>
          {!showCcBcc ? (
            <Button type="link" size="small" onClick={() => setShowCcBcc(true)}>
              {t('field.ccBcc')}
            </Button>
          ) : null}
        </Flex>
        {toHelp ? (
          <Typography.Text type="danger" role="alert" style={{ fontSize: token.fontSizeSM }}>
            {toHelp}
          </Typography.Text>
        ) : null}
      </div>
      {showCcBcc ? (
        <>
          <Flex style={rowStyle}>
            <label style={labelStyle}>{t('field.cc')}</label>
            <div style={{ flex: 1, minWidth: 0 }}>
              <RecipientsSelect label={t('field.cc')} value={fields.cc} onChange={(cc) => change({ cc })} />
            </div>
          </Flex>
          <Flex style={rowStyle}>
            <label style={labelStyle}>{t('field.bcc')}</label>
            <div style={{ flex: 1, minWidth: 0 }}>
              <RecipientsSelect label={t('field.bcc')} value={fields.bcc} onChange={(bcc) => change({ bcc })} />
            </div>
          </Flex>
        </>
      ) : null}
      <Flex style={rowStyle}>
        <Input
          variant="borderless"
          aria-label={t('field.subject')}
          placeholder={t('field.subject')}
          value={fields.subject}
          maxLength={998}
          onChange={(event) => change({ subject: event.target.value })}
          style={{ paddingInline: 0, fontWeight: 500 }}
        />
      </Flex>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <RichTextEditor
          ref={editorRef}
          label={t('field.body')}
          initialHtml={initial.fields.html}
          onChange={(html, text) => change({ html, text })}
        />
      </Suspense>
      {attachments.length > 0 ? (
        <Flex wrap gap={token.marginXXS} role="list" aria-label={t('attachments.list')}>
          {attachments.map((a) => (
            <Tag
              role="listitem"
              key={a.key}
              icon={<PaperClipOutlined aria-hidden />}
              closable={a.progress === null}
              closeIcon={<CloseOutlined aria-label={t('attachments.remove', { name: a.name })} />}
              onClose={(event) => {
                event.preventDefault();
                removeAttachment(a.key);
              }}
              style={{ paddingBlock: 2, maxWidth: '100%' }}
            >
              {a.name}
              {a.size > 0 ? <Typography.Text type="secondary"> · {formatSize(a.size)}</Typography.Text> : null}
              {a.progress !== null ? <Typography.Text type="secondary"> · {a.progress}%</Typography.Text> : null}
            </Tag>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );

  const title = fields?.subject.trim() || t('title');

  return (
    <>
      {phone ? (
        <Drawer
          open={open}
          placement="bottom"
          size="100%"
          title={title}
          onClose={() => void close()}
          footer={footer}
          destroyOnHidden
          closeIcon={<CloseOutlined aria-label={t('close')} />}
        >
          {body}
        </Drawer>
      ) : (
        <Modal
          open={open}
          title={title}
          width={780}
          onCancel={() => void close()}
          footer={footer}
          mask={{ closable: false }}
          destroyOnHidden
          closeIcon={<CloseOutlined aria-label={t('close')} />}
        >
          {body}
        </Modal>
      )}
      <DocumentPicker
        open={pickingDocuments}
        onClose={() => setPickingDocuments(false)}
        onPick={(documents) => {
          updateAttachments((list) => [
            ...list,
            ...documents
              .filter((d) => !list.some((a) => a.ref?.kind === 'document' && a.ref.documentId === d.id))
              .map((d) => ({
                key: `document-${d.id}`,
                name: d.originalName,
                size: d.size,
                ref: { kind: 'document' as const, documentId: d.id },
                progress: null,
              })),
          ]);
          setPickingDocuments(false);
        }}
      />
      <Modal
        open={pickingTime}
        title={t('schedule.pickTitle')}
        okText={t('schedule.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !sendAt || !sendAt.isAfter(dayjs()) }}
        onOk={() => {
          setPickingTime(false);
          if (sendAt) void submit(sendAt);
        }}
        onCancel={() => setPickingTime(false)}
        destroyOnHidden
      >
        <DatePicker
          showTime={{ format: 'HH:mm', minuteStep: 5 }}
          format="YYYY-MM-DD HH:mm"
          aria-label={t('schedule.pickTitle')}
          value={sendAt}
          onChange={setSendAt}
          disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          style={{ width: '100%' }}
        />
      </Modal>
    </>
  );
}

interface DocumentChoice {
  id: number;
  originalName: string;
  size: number;
}

/** "From Documents": the user's documents, several picked at once. */
function DocumentPicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (documents: DocumentChoice[]) => void;
}) {
  const t = useComposeT();
  const documents = useDocumentChoices(open);
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <Modal
      open={open}
      title={t('documents.title')}
      okText={t('documents.add')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: selected.length === 0 }}
      onOk={() => {
        onPick((documents.data ?? []).filter((d) => selected.includes(d.id)));
        setSelected([]);
      }}
      onCancel={() => {
        onClose();
        setSelected([]);
      }}
      destroyOnHidden
    >
      <Table
        size="small"
        rowKey="id"
        loading={documents.isLoading}
        dataSource={documents.data ?? []}
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        locale={{ emptyText: t('documents.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        onRow={(record) => ({
          onClick: () =>
            setSelected((keys) =>
              keys.includes(record.id) ? keys.filter((k) => k !== record.id) : [...keys, record.id],
            ),
        })}
        columns={[
          { key: 'name', title: t('documents.name'), dataIndex: 'originalName', ellipsis: true },
          {
            key: 'size',
            title: t('documents.size'),
            dataIndex: 'size',
            width: 100,
            render: (size: number) => formatSize(size),
          },
        ]}
      />
    </Modal>
  );
}
