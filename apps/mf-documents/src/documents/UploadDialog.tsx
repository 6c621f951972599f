import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Modal, Progress, Tooltip, Typography, Upload, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { isUnauthorizedError } from '@aide/api-client';
import { DOCUMENT_LIMITS } from '@aide/contracts';
import { formatFileSize } from '@aide/i18n';
import { useHost } from '@aide/module-kit';
import { FileTypeIcon } from './FileTypeIcon';
import { uploadFailureMessage } from './serverMessage';
import { uploadDocumentFile, useRefetchDocuments } from './useDocuments';
import { t as translate, useT } from '../i18n';

/** 'Upload', 'Upload 3 files', or 'Retry 2 files' when only failed ones are left. */
export function uploadLabel(waiting: UploadItem[]): string {
  const retrying = waiting.length > 0 && waiting.every((item) => item.status === 'error');
  if (waiting.length <= 1) return translate(retrying ? 'upload.retryFiles' : 'upload.upload', { count: 1 });
  return translate(retrying ? 'upload.retryFiles' : 'upload.uploadFiles', { count: waiting.length });
}

/** The success toast: 'Document uploaded', '3 documents uploaded'. */
export const uploadedTitle = (count: number) => translate('upload.done', { count });

type ItemStatus = 'ready' | 'uploading' | 'done' | 'error';

export interface UploadItem {
  uid: string;
  file: File;
  status: ItemStatus;
  /** 0–100 while uploading; null when the browser cannot tell. */
  percent: number | null;
  /** Why it failed (the server's message). */
  message?: string;
}

/** The failure toast's description: the one reason, or how many failed and the first reason. */
export function failureDescription(failed: UploadItem[], total: number): string {
  const first = failed[0];
  const firstReason = translate('upload.fileFailed', { name: first.file.name, reason: first.message ?? '' });
  if (failed.length === 1) return total === 1 ? (first.message ?? '') : firstReason;
  const same = failed.every((item) => item.message === first.message);
  return translate('upload.someFailed', {
    failed: failed.length,
    total,
    reason: same ? (first.message ?? '') : firstReason,
  });
}

export interface UploadDialogProps {
  open: boolean;
  /** Where the files go (null: Root) and its name for the dialog. */
  folderId: number | null;
  folderLabel: string;
  onClose: () => void;
}

export default function UploadDialog({ open, folderId, folderLabel, onClose }: UploadDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const { toast } = useHost();
  const refetch = useRefetchDocuments();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tooMany, setTooMany] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const nextUid = useRef(0);
  /** How many files are listed, kept in step as antd calls beforeUpload once per file before any render. */
  const count = useRef(0);

  // Each opening starts with an empty list (state adjusted during render; the ref after commit).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setItems([]);
      setFileError(null);
      setTooMany(false);
    }
  }
  useEffect(() => {
    if (open) count.current = 0;
  }, [open]);
  // Closing (or leaving the screen) stops the upload in flight; files already sent stay.
  useEffect(() => () => abort.current?.abort(), []);

  const patch = (uid: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)));

  const add = (file: File) => {
    setFileError(null);
    if (count.current >= DOCUMENT_LIMITS.maxFilesPerUpload) return setTooMany(true);
    count.current += 1;
    nextUid.current += 1;
    const item: UploadItem = { uid: `file-${nextUid.current}`, file, status: 'ready', percent: null };
    setItems((list) => [...list, item]);
  };

  const waiting = items.filter((item) => item.status === 'ready' || item.status === 'error');

  const start = async () => {
    if (running) return;
    // Spec §5: upload requires at least one file.
    if (!items.length) return setFileError(t('messages.fileRequired'));
    if (!waiting.length) return;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    const failed: UploadItem[] = [];
    let uploaded = 0;
    let signedOut = false;
    // One request per file, one at a time: each shows its own progress and its own answer.
    for (const item of waiting) {
      if (controller.signal.aborted) break;
      patch(item.uid, { status: 'uploading', percent: 0, message: undefined });
      try {
        await uploadDocumentFile(item.file, {
          folderId,
          signal: controller.signal,
          onProgress: ({ percent }) => patch(item.uid, { percent }),
        });
        uploaded += 1;
        patch(item.uid, { status: 'done', percent: 100 });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          patch(item.uid, { status: 'ready', percent: null });
          break;
        }
        const message = uploadFailureMessage(error);
        failed.push({ ...item, status: 'error', message });
        patch(item.uid, { status: 'error', percent: null, message });
        // The shell announces a 401 and sends the user to sign in: stop here.
        if (isUnauthorizedError(error)) {
          signedOut = true;
          break;
        }
      }
    }
    abort.current = null;
    setRunning(false);
    if (uploaded) void refetch();
    if (controller.signal.aborted || signedOut) return;
    if (failed.length) {
      toast({
        title: translate('messages.uploadFailed'),
        description: failureDescription(failed, waiting.length),
        variant: 'destructive',
      });
    } else {
      toast({ title: uploadedTitle(uploaded) });
      onClose();
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const remove = (uid: string) => {
    setItems((list) => list.filter((item) => item.uid !== uid));
    count.current = Math.max(0, count.current - 1);
    setTooMany(false);
  };

  const status = (item: UploadItem) => {
    switch (item.status) {
      case 'uploading':
        return item.percent === null ? (
          <Typography.Text type="secondary">{t('upload.uploading')}</Typography.Text>
        ) : (
          <Progress
            percent={item.percent}
            size="small"
            status="active"
            aria-label={t('upload.uploadingFile', { name: item.file.name })}
            style={{ margin: 0 }}
          />
        );
      case 'done':
        return (
          <Typography.Text type="success">
            <CheckCircleFilled aria-hidden /> {t('upload.uploaded')}
          </Typography.Text>
        );
      case 'error':
        return (
          <Typography.Text type="danger" style={{ fontSize: token.fontSizeSM }}>
            <CloseCircleFilled aria-hidden /> {item.message}
          </Typography.Text>
        );
      default:
        return <Typography.Text type="secondary">{t('upload.ready')}</Typography.Text>;
    }
  };

  const allDone = items.length > 0 && items.every((item) => item.status === 'done');

  return (
    <Modal
      open={open}
      title={t('upload.title')}
      onCancel={close}
      width={{ xs: '100%', sm: '92%', md: 600 }}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={token.marginXS}>
          <Button onClick={close}>
            {allDone || (!running && items.some((i) => i.status === 'done')) ? t('upload.close') : t('upload.cancel')}
          </Button>
          {allDone ? null : (
            <Button type="primary" loading={running} onClick={() => void start()}>
              {running ? t('upload.uploading') : uploadLabel(waiting)}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={token.marginSM} style={{ marginTop: token.marginSM }}>
        <Typography.Text type="secondary">{t('upload.to', { folder: folderLabel })}</Typography.Text>
        <Form.Item
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
          style={{ marginBottom: 0 }}
        >
          <Upload.Dragger
            multiple
            disabled={running}
            showUploadList={false}
            beforeUpload={(file) => {
              add(file);
              // Kept in our own list; uploaded when Upload is pressed.
              return Upload.LIST_IGNORE;
            }}
            aria-label={t('upload.chooseFiles')}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('upload.dropHint')}</p>
            <p className="ant-upload-hint">{t('upload.dropDetail', { max: DOCUMENT_LIMITS.maxFilesPerUpload })}</p>
          </Upload.Dragger>
        </Form.Item>
        {tooMany ? (
          <Alert
            type="warning"
            showIcon
            title={t('messages.tooManyFiles', { max: DOCUMENT_LIMITS.maxFilesPerUpload })}
          />
        ) : null}
        {items.length ? (
          <ul className="aide-docs-upload-list" aria-label={t('upload.filesToUpload')}>
            {items.map((item) => (
              <li key={item.uid} data-status={item.status} aria-label={item.file.name}>
                <Flex gap={token.marginSM} align="center">
                  <FileTypeIcon
                    doc={{ mimeType: item.file.type || 'application/octet-stream', originalName: item.file.name }}
                    size={32}
                  />
                  <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                    <Flex gap={token.marginXS} align="baseline" style={{ minWidth: 0 }}>
                      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} title={item.file.name}>
                        {item.file.name}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ flex: 'none', fontSize: token.fontSizeSM }}>
                        {formatFileSize(item.file.size)}
                      </Typography.Text>
                    </Flex>
                    <div aria-live="polite">{status(item)}</div>
                  </Flex>
                  {item.status === 'ready' || item.status === 'error' ? (
                    <Tooltip title={t('upload.remove')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<CloseOutlined />}
                        disabled={running}
                        aria-label={t('upload.removeFile', { name: item.file.name })}
                        onClick={() => remove(item.uid)}
                      />
                    </Tooltip>
                  ) : null}
                </Flex>
              </li>
            ))}
          </ul>
        ) : null}
      </Flex>
    </Modal>
  );
}
