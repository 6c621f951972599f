import { Card, Flex, Grid, Segmented, Select, Skeleton, Typography, theme } from 'antd';
import { FolderOutlined } from '@ant-design/icons';
import type { EmailFolder } from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { EmptyState, EmptyText } from '@aide/ui';
import { useT } from '../i18n/actions';
import { folderLabels } from './useEmailFolders';

/** Up to this many folders show as one row of segments on a wide screen; more, or on a phone, as a Select. */
const SEGMENTS_MAX = 5;

export interface FolderPickerProps {
  folders: readonly EmailFolder[] | undefined;
  /** The folder shown, by path. */
  value: string | null;
  onChange: (path: string) => void;
}

/**
 * The Folders tab's head (bulk actions, issue 24): which of the user's own mail folders to list,
 * each with how many messages it holds, or what to expect when the account has none.
 */
export function FolderPicker({ folders, value, onChange }: FolderPickerProps) {
  const t = useT();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  if (!folders) return <Skeleton.Input active block />;
  if (folders.length === 0)
    return (
      <Card styles={{ body: { padding: 0 } }}>
        <EmptyState description={<EmptyText title={t('folders.emptyTitle')} hint={t('folders.emptyHint')} />} />
      </Card>
    );

  const labels = folderLabels(folders);
  const described = (folder: EmailFolder) =>
    [
      labels.get(folder.path),
      t('folders.total', { count: folder.total }),
      ...(folder.unread > 0 ? [t('folders.unread', { count: folder.unread })] : []),
    ].join(', ');
  const label = (folder: EmailFolder) => (
    <span title={folder.path}>
      {labels.get(folder.path)}
      <span className="aide-email-count" aria-hidden>
        {formatNumber(folder.total)}
      </span>
    </span>
  );

  if (screens.md && folders.length <= SEGMENTS_MAX)
    return (
      <Flex align="center" gap={token.marginSM} wrap>
        <Typography.Text type="secondary" id="aide-email-folder-label">
          <FolderOutlined aria-hidden /> {t('folders.label')}
        </Typography.Text>
        <Segmented
          aria-labelledby="aide-email-folder-label"
          value={value ?? undefined}
          onChange={(path) => onChange(String(path))}
          options={folders.map((folder) => ({
            value: folder.path,
            label: label(folder),
            title: described(folder),
          }))}
        />
      </Flex>
    );
  return (
    <Select
      aria-label={t('folders.label')}
      prefix={<FolderOutlined aria-hidden />}
      value={value ?? undefined}
      onChange={onChange}
      showSearch={folders.length > SEGMENTS_MAX ? { optionFilterProp: 'name' } : false}
      options={folders.map((folder) => ({
        value: folder.path,
        name: labels.get(folder.path),
        label: label(folder),
        title: described(folder),
      }))}
      style={{ width: '100%', maxWidth: screens.md ? 360 : undefined }}
    />
  );
}
