import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { DeleteOutlined, EditOutlined, FileDoneOutlined, PlusOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import {
  ATTACHMENT_RULE_LIMITS,
  ATTACHMENT_TYPES,
  type AttachmentRule,
  type AttachmentRuleBody,
  attachmentRuleBodySchema,
  type DocumentFolder,
  SENDER_MATCHES,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState, useFormFields } from '@aide/ui';
import { useT } from '../i18n/attachments';
import { useEmailIntegrations } from '../integrations/useEmailIntegrations';
import {
  useAttachmentRules,
  useCreateAttachmentRule,
  useDeleteAttachmentRule,
  useDocumentFolders,
  useUpdateAttachmentRule,
} from './useEmailAttachments';

/** Form values: the contract's body, text fields as typed ('' is "no condition"). */
type RuleFormValues = {
  name: string;
  sender: string;
  senderMatch: AttachmentRuleBody['senderMatch'];
  subjectContains: string;
  attachmentType: AttachmentRuleBody['attachmentType'];
  integrationId: number | null;
  folderId: number | null;
  tag: string;
  enabled: boolean;
};

const EMPTY_RULE: RuleFormValues = {
  name: '',
  sender: '',
  senderMatch: 'contains',
  subjectContains: '',
  attachmentType: 'pdf',
  integrationId: null,
  folderId: null,
  tag: '',
  enabled: true,
};

const valuesOf = (rule: AttachmentRule | null): RuleFormValues =>
  rule
    ? {
        name: rule.name,
        sender: rule.sender ?? '',
        senderMatch: rule.senderMatch,
        subjectContains: rule.subjectContains ?? '',
        attachmentType: rule.attachmentType,
        integrationId: rule.integrationId,
        folderId: rule.folderId,
        tag: rule.tag ?? '',
        enabled: rule.enabled,
      }
    : EMPTY_RULE;

/** 'Work / Invoices': each folder with its parents, for the folder select. */
function folderPaths(folders: DocumentFolder[]): Array<{ value: number; label: string }> {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (folder: DocumentFolder, depth = 0): string => {
    const parent = folder.parentFolderId === null ? undefined : byId.get(folder.parentFolderId);
    return parent && depth < 20 ? `${pathOf(parent, depth + 1)} / ${folder.name}` : folder.name;
  };
  return folders
    .map((folder) => ({ value: folder.id, label: pathOf(folder) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function useFailureToast() {
  const { toast } = useHost();
  return (error: unknown, title: string) => {
    if (!isUnauthorizedError(error)) toast({ title, description: errorDetail(error), variant: 'destructive' });
  };
}

interface RuleDialogProps {
  open: boolean;
  rule: AttachmentRule | null;
  folders: Array<{ value: number; label: string }>;
  accounts: Array<{ value: number; label: string }>;
  onClose: () => void;
}

/** Adding or changing one rule: its conditions, then where matching attachments go. */
function RuleDialog({ open, rule, folders, accounts, onClose }: RuleDialogProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { toast } = useHost();
  const failed = useFailureToast();
  const create = useCreateAttachmentRule();
  const update = useUpdateAttachmentRule();
  const saving = create.isPending || update.isPending;
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<RuleFormValues>({ resolver: zodResolver(attachmentRuleBodySchema) as never, defaultValues: EMPTY_RULE });
  const { idFor, itemProps } = useFormFields<keyof RuleFormValues>(errors);

  useEffect(() => {
    if (open) reset(valuesOf(rule));
  }, [open, rule, reset]);

  // The resolver hands over the contract's output (blank texts as null).
  const submit = handleSubmit(async (values) => {
    const body = values as unknown as AttachmentRuleBody;
    try {
      if (rule) await update.mutateAsync({ id: rule.id, body });
      else await create.mutateAsync(body);
      toast({ title: rule ? t('rules.updated') : t('rules.created') });
      onClose();
    } catch (error) {
      failed(error, rule ? t('rules.updateFailed') : t('rules.createFailed'));
    }
  });

  return (
    <Modal
      open={open}
      title={rule ? t('rules.editTitle') : t('rules.newTitle')}
      okText={rule ? t('rules.save') : t('rules.create')}
      cancelText={t('rules.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('name')}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={() => void submit()}>
        <Form.Item label={t('rules.name')} required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                placeholder={t('rules.namePlaceholder')}
                maxLength={ATTACHMENT_RULE_LIMITS.nameMax}
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Typography.Text strong>{t('rules.when')}</Typography.Text>
        <Form.Item label={t('rules.sender')} {...itemProps('sender')} style={{ marginTop: token.marginXS }}>
          <Space.Compact style={{ width: '100%' }}>
            <Controller
              name="senderMatch"
              control={control}
              render={({ field }) => (
                <Select
                  value={field.value}
                  onChange={field.onChange}
                  aria-label={t('rules.senderMatch')}
                  style={{ width: 130 }}
                  options={SENDER_MATCHES.map((value) => ({ value, label: t(`rules.senderMatch.${value}`) }))}
                />
              )}
            />
            <Controller
              name="sender"
              control={control}
              render={({ field }) => (
                <Input
                  {...field}
                  id={idFor('sender')}
                  placeholder={t('rules.senderPlaceholder')}
                  maxLength={ATTACHMENT_RULE_LIMITS.conditionMax}
                  autoComplete="off"
                />
              )}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('rules.subject')} {...itemProps('subjectContains')}>
          <Controller
            name="subjectContains"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('subjectContains')}
                placeholder={t('rules.subjectPlaceholder')}
                maxLength={ATTACHMENT_RULE_LIMITS.conditionMax}
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('rules.type')} {...itemProps('attachmentType')}>
          <Controller
            name="attachmentType"
            control={control}
            render={({ field }) => (
              <Radio.Group
                id={idFor('attachmentType')}
                optionType="button"
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                options={ATTACHMENT_TYPES.map((value) => ({ value, label: t(`rules.type.${value}`) }))}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('rules.account')} {...itemProps('integrationId')}>
          <Controller
            name="integrationId"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('integrationId')}
                value={field.value ?? 0}
                onChange={(value: number) => field.onChange(value === 0 ? null : value)}
                options={[{ value: 0, label: t('rules.anyAccount') }, ...accounts]}
              />
            )}
          />
        </Form.Item>
        <Typography.Text strong>{t('rules.then')}</Typography.Text>
        <Form.Item label={t('rules.folder')} {...itemProps('folderId')} style={{ marginTop: token.marginXS }}>
          <Controller
            name="folderId"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('folderId')}
                value={field.value ?? 0}
                onChange={(value: number) => field.onChange(value === 0 ? null : value)}
                showSearch={{ optionFilterProp: 'label' }}
                options={[{ value: 0, label: t('rules.rootFolder') }, ...folders]}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('rules.tag')} {...itemProps('tag')}>
          <Controller
            name="tag"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('tag')}
                placeholder={t('rules.tagPlaceholder')}
                maxLength={ATTACHMENT_RULE_LIMITS.tagMax}
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('rules.enabled')} {...itemProps('enabled')} style={{ marginBottom: 0 }}>
          <Controller
            name="enabled"
            control={control}
            render={({ field }) => <Switch id={idFor('enabled')} checked={field.value} onChange={field.onChange} />}
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/**
 * "Attachment rules" where the email settings live: a drawer listing the rules (antd Table), each
 * filing the matching attachments of new mail into Documents on every sync.
 */
export function AttachmentRulesButton() {
  const t = useT();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const { toast } = useHost();
  const failed = useFailureToast();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; rule: AttachmentRule | null }>({ open: false, rule: null });
  const rules = useAttachmentRules({ enabled: open });
  const folders = useDocumentFolders({ enabled: open });
  const accounts = useEmailIntegrations();
  const update = useUpdateAttachmentRule();
  const remove = useDeleteAttachmentRule();

  const folderOptions = folderPaths(folders.data ?? []);
  const accountOptions = (accounts.data ?? []).map((account) => ({ value: account.id, label: account.email }));
  const folderLabel = (id: number | null) =>
    id === null ? t('rules.rootFolder') : (folderOptions.find((f) => f.value === id)?.label ?? t('rules.rootFolder'));

  const conditions = (rule: AttachmentRule) => {
    const parts = [t(`rules.type.${rule.attachmentType}`)];
    if (rule.sender) parts.push(t(`rules.summary.sender.${rule.senderMatch}`, { sender: rule.sender }));
    if (rule.subjectContains) parts.push(t('rules.summary.subject', { text: rule.subjectContains }));
    if (rule.integrationId !== null) {
      const account = accountOptions.find((a) => a.value === rule.integrationId);
      if (account) parts.push(t('rules.summary.account', { account: account.label }));
    }
    return parts;
  };

  const onToggle = async (rule: AttachmentRule, enabled: boolean) => {
    try {
      await update.mutateAsync({ id: rule.id, body: { enabled } });
    } catch (error) {
      failed(error, t('rules.updateFailed'));
    }
  };
  const onDelete = async (rule: AttachmentRule) => {
    try {
      await remove.mutateAsync(rule.id);
      toast({ title: t('rules.deleted') });
    } catch (error) {
      failed(error, t('rules.deleteFailed'));
    }
  };

  const newButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, rule: null })}>
      {t('rules.new')}
    </Button>
  );

  return (
    <>
      <Button icon={<FileDoneOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('rules.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('rules.title')}
        size={screens.md ? 720 : '100%'}
        extra={rules.data?.length ? newButton : null}
        destroyOnHidden
      >
        <Flex vertical gap={token.marginMD}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('rules.intro')}
          </Typography.Paragraph>
          {rules.isError ? (
            <Alert type="error" showIcon title={t('rules.loadFailed')} description={errorDetail(rules.error)} />
          ) : rules.data && rules.data.length === 0 ? (
            <EmptyState description={t('rules.empty')} action={newButton} />
          ) : (
            <Table<AttachmentRule>
              rowKey="id"
              loading={rules.isPending}
              dataSource={rules.data ?? []}
              pagination={false}
              size="middle"
              scroll={{ x: 560 }}
              aria-label={t('rules.title')}
              columns={[
                {
                  title: t('rules.column.rule'),
                  key: 'name',
                  render: (_, rule) => (
                    <Flex vertical gap={token.marginXXS}>
                      <Typography.Text strong>{rule.name}</Typography.Text>
                      <Flex wrap gap={token.marginXXS}>
                        {conditions(rule).map((part) => (
                          <Tag key={part} style={{ marginInlineEnd: 0 }}>
                            {part}
                          </Tag>
                        ))}
                      </Flex>
                    </Flex>
                  ),
                },
                {
                  title: t('rules.column.files'),
                  key: 'folder',
                  render: (_, rule) => (
                    <Flex vertical gap={token.marginXXS}>
                      <Typography.Text>{folderLabel(rule.folderId)}</Typography.Text>
                      {rule.tag ? <Tag color="blue">{rule.tag}</Tag> : null}
                      <Typography.Text type="secondary">
                        {t('rules.filedCount', { count: rule.filedCount })}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: t('rules.column.enabled'),
                  key: 'enabled',
                  width: 90,
                  render: (_, rule) => (
                    <Switch
                      checked={rule.enabled}
                      loading={update.isPending && update.variables?.id === rule.id}
                      onChange={(enabled) => void onToggle(rule, enabled)}
                      aria-label={t('rules.enabledLabel', { name: rule.name })}
                    />
                  ),
                },
                {
                  title: t('rules.column.actions'),
                  key: 'actions',
                  width: 100,
                  render: (_, rule) => (
                    <Space size={0}>
                      <Button
                        type="text"
                        icon={<EditOutlined aria-hidden />}
                        aria-label={t('rules.editLabel', { name: rule.name })}
                        onClick={() => setDialog({ open: true, rule })}
                      />
                      <Popconfirm
                        title={t('rules.deleteConfirm', { name: rule.name })}
                        okText={t('rules.delete')}
                        cancelText={t('rules.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onDelete(rule)}
                      >
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('rules.deleteLabel', { name: rule.name })}
                        />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </Flex>
      </Drawer>
      <RuleDialog
        open={dialog.open}
        rule={dialog.rule}
        folders={folderOptions}
        accounts={accountOptions}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
