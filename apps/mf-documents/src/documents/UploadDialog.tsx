import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Modal, Progress, Tooltip, Typography, Upload, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { isUnauthorizedError } from '@aide/api-client';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, formatFileSize } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { FileTypeIcon } from './FileTypeIcon';
import { uploadFailureMessage } from './serverMessage';
import { uploadDocumentFile, useRefetchDocuments } from './useDocuments';

export const UPLOAD_TEXT = {
  title: 'Upload Documents',
  dropHint: 'Click or drag files here to upload',
  dropDetail: `Up to ${DOCUMENT_LIMITS.maxFilesPerUpload} files at a time. PDFs, Word files and text are read so you can search them.`,
  upload: 'Upload',
  retry: 'Retry',
  uploading: 'Uploading…',
  close: 'Close',
  cancel: 'Cancel',
  ready: 'Ready',
  uploaded: 'Uploaded',
  remove: 'Remove',
  fileRequired: DOCUMENT_MESSAGES.fileRequired,
  failed: DOCUMENT_MESSAGES.uploadFailed,
} as const;

/** 'Upload', 'Upload 3 files', or 'Retry 2 files' when only failed ones are left. */
export function uploadLabel(waiting: UploadItem[]): string {
  const verb =
    waiting.length && waiting.every((item) => item.status === 'error') ? UPLOAD_TEXT.retry : UPLOAD_TEXT.upload;
  return waiting.length > 1 ? `${verb} ${waiting.length} files` : verb;
}

/** The success toast: 'Document uploaded', '3 documents uploaded'. */
export const uploadedTitle = (count: number) => (count === 1 ? 'Document uploaded' : `${count} documents uploaded`);

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
  if (failed.length === 1) return total === 1 ? (first.message ?? '') : `${first.file.name}: ${first.message ?? ''}`;
  const same = failed.every((item) => item.message === first.message);
  return `${failed.length} of ${total} files failed. ${same ? first.message : `${first.file.name}: ${first.message}`}`;
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
    if (!items.length) return setFileError(UPLOAD_TEXT.fileRequired);
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
        title: UPLOAD_TEXT.failed,
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
          <Typography.Text type="secondary">{UPLOAD_TEXT.uploading}</Typography.Text>
        ) : (
          <Progress
            percent={item.percent}
            size="small"
            status="active"
            aria-label={`Uploading ${item.file.name}`}
            style={{ margin: 0 }}
          />
        );
      case 'done':
        return (
          <Typography.Text type="success">
            <CheckCircleFilled aria-hidden /> {UPLOAD_TEXT.uploaded}
          </Typography.Text>
        );
      case 'error':
        return (
          <Typography.Text type="danger" style={{ fontSize: token.fontSizeSM }}>
            <CloseCircleFilled aria-hidden /> {item.message}
          </Typography.Text>
        );
      default:
        return <Typography.Text type="secondary">{UPLOAD_TEXT.ready}</Typography.Text>;
    }
  };

  const allDone = items.length > 0 && items.every((item) => item.status === 'done');

  return (
    <Modal
      open={open}
      title={UPLOAD_TEXT.title}
      onCancel={close}
      width={{ xs: '100%', sm: '92%', md: 600 }}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={token.marginXS}>
          <Button onClick={close}>
            {allDone || (!running && items.some((i) => i.status === 'done')) ? UPLOAD_TEXT.close : UPLOAD_TEXT.cancel}
          </Button>
          {allDone ? null : (
            <Button type="primary" loading={running} onClick={() => void start()}>
              {running ? UPLOAD_TEXT.uploading : uploadLabel(waiting)}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={token.marginSM} style={{ marginTop: token.marginSM }}>
        <Typography.Text type="secondary">{`To ${folderLabel}`}</Typography.Text>
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
            aria-label="Choose files to upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{UPLOAD_TEXT.dropHint}</p>
            <p className="ant-upload-hint">{UPLOAD_TEXT.dropDetail}</p>
          </Upload.Dragger>
        </Form.Item>
        {tooMany ? <Alert type="warning" showIcon title={DOCUMENT_MESSAGES.tooManyFiles} /> : null}
        {items.length ? (
          <ul className="aide-docs-upload-list" aria-label="Files to upload">
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
                    <Tooltip title={UPLOAD_TEXT.remove}>
                      <Button
                        type="text"
                        size="small"
                        icon={<CloseOutlined />}
                        disabled={running}
                        aria-label={`${UPLOAD_TEXT.remove} ${item.file.name}`}
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
