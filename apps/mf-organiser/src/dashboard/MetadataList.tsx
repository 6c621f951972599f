import { Typography, theme } from 'antd';

const isUrl = (value: string) => /^https?:\/\/\S+$/i.test(value);
const label = (key: string) => key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');

/** A metadata value: URLs become links, objects and arrays nest, everything else is text. */
function MetadataValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value === 'string') {
    return isUrl(value) ? (
      <Typography.Link href={value} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
        {value}
      </Typography.Link>
    ) : (
      <span style={{ overflowWrap: 'anywhere' }}>{value}</span>
    );
  }
  if (Array.isArray(value)) {
    return (
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {value.map((item, i) => (
          <li key={i}>
            <MetadataValue value={item} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'object') return <MetadataList metadata={value as Record<string, unknown>} nested />;
  return <span>{String(value)}</span>;
}

/** Free key/value pairs (spec: nested values allowed) as a definition list. */
export function MetadataList({ metadata, nested }: { metadata: Record<string, unknown>; nested?: boolean }) {
  const { token } = theme.useToken();
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(80px, max-content) 1fr',
        columnGap: token.marginMD,
        rowGap: token.marginXXS,
        margin: 0,
        ...(nested
          ? { paddingInlineStart: token.paddingSM, borderInlineStart: `2px solid ${token.colorBorderSecondary}` }
          : {}),
      }}
    >
      {Object.entries(metadata).map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt style={{ color: token.colorTextSecondary, textTransform: 'capitalize' }}>{label(key)}</dt>
          <dd style={{ margin: 0, minWidth: 0 }}>
            <MetadataValue value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
