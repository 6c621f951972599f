import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import type { DocumentSummary } from '@aide/contracts';
import { fileKind, type FileKind } from './documentFiles';
import { tint } from './folderColors';

const ICONS: Record<FileKind, typeof FileOutlined> = {
  pdf: FilePdfOutlined,
  word: FileWordOutlined,
  text: FileTextOutlined,
  image: FileImageOutlined,
  spreadsheet: FileExcelOutlined,
  presentation: FilePptOutlined,
  archive: FileZipOutlined,
  other: FileOutlined,
};

/** A document's type as a tinted icon badge (decorative: the name and type are said in text). */
export function FileTypeIcon({
  doc,
  size = 40,
}: {
  doc: Pick<DocumentSummary, 'mimeType' | 'originalName'>;
  size?: number;
}) {
  const { token } = theme.useToken();
  const kind = fileKind(doc);
  const colours: Record<FileKind, string> = {
    pdf: token.red6 ?? token.colorError,
    word: token.blue6 ?? token.colorPrimary,
    text: token.colorTextSecondary,
    image: token.magenta6 ?? token.colorPrimary,
    spreadsheet: token.green6 ?? token.colorSuccess,
    presentation: token.orange6 ?? token.colorWarning,
    archive: token.gold6 ?? token.colorWarning,
    other: token.colorTextTertiary,
  };
  const Icon = ICONS[kind];
  const colour = colours[kind];
  return (
    <span
      className="aide-docs-card-icon"
      aria-hidden
      data-kind={kind}
      style={{ color: colour, background: tint(colour), width: size, height: size, fontSize: Math.round(size / 2) }}
    >
      <Icon />
    </span>
  );
}
