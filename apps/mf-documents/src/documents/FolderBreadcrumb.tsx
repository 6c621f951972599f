import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import type { DocumentFolder } from '@aide/contracts';
import { useDocumentDrop } from './dragDocument';
import { rootLabel } from './folderTree';
import { useT } from '../i18n';

export interface FolderBreadcrumbProps {
  /** From Root's first level down to the open folder. */
  path: DocumentFolder[];
  /** The address of a folder (null: Root), keeping the screen's other parameters. */
  hrefOf: (folderId: number | null) => string;
  onDropDocument?: (documentId: number, folderId: number | null) => void;
}

/** A crumb that takes a dropped document card. */
function DropCrumb({
  folderId,
  onDropDocument,
  children,
}: {
  folderId: number | null;
  onDropDocument?: FolderBreadcrumbProps['onDropDocument'];
  children: ReactNode;
}) {
  const { over, dropProps } = useDocumentDrop(onDropDocument ? (id) => onDropDocument(id, folderId) : undefined);
  return (
    <span className={over ? 'aide-docs-crumb-drop' : undefined} {...dropProps}>
      {children}
    </span>
  );
}

/** Root › Work › Contracts: every level but the open one is a link up (spec §2). */
export function FolderBreadcrumb({ path, hrefOf, onDropDocument }: FolderBreadcrumbProps) {
  const t = useT();
  const levels: { id: number | null; name: string }[] = [
    { id: null, name: rootLabel() },
    ...path.map((folder) => ({ id: folder.id, name: folder.name })),
  ];
  return (
    <Breadcrumb
      aria-label={t('folderPath')}
      items={levels.map((level, index) => {
        const label = (
          <>
            {level.id === null ? <HomeOutlined aria-hidden style={{ marginInlineEnd: 6 }} /> : null}
            {level.name}
          </>
        );
        const current = index === levels.length - 1;
        return {
          key: level.id ?? 'root',
          title: current ? (
            <span aria-current="page" style={{ fontWeight: 600 }}>
              {label}
            </span>
          ) : (
            <DropCrumb folderId={level.id} onDropDocument={onDropDocument}>
              <Link to={hrefOf(level.id)}>{label}</Link>
            </DropCrumb>
          ),
        };
      })}
    />
  );
}
