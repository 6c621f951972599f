import type { ReactNode } from 'react';
import { Button, Col, Input, Row, theme } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';

/** A filter's column width at antd's breakpoints (of 24); the search box takes what the filters leave. */
export interface FilterWidth {
  xs: number;
  md: number;
  lg: number;
}

export interface SearchFilterBarProps {
  /** The text typed (controlled; debounce it with useDebouncedValue before it becomes a request). */
  search: string;
  onSearchChange: (text: string) => void;
  placeholder: string;
  /** The search box's accessible name, e.g. 'Search documents'. */
  searchLabel: string;
  maxLength?: number;
  /** The controls after the search box (filter Selects, toggles), each in its own column, in order. */
  filters?: ReadonlyArray<{ key: string; width: FilterWidth; control: ReactNode }>;
}

/**
 * The search-and-filter row of a list screen (Documents, Email, Research): a clearable search box
 * with a search icon, then the screen's filters; on a phone the search box has its own line.
 */
export function SearchFilterBar({
  search,
  onSearchChange,
  placeholder,
  searchLabel,
  maxLength = 200,
  filters = [],
}: SearchFilterBarProps) {
  const { token } = theme.useToken();
  const taken = (size: keyof FilterWidth) => filters.reduce((sum, filter) => sum + filter.width[size], 0);
  return (
    <Row gutter={[token.marginSM, token.marginSM]}>
      <Col xs={24} md={24 - taken('md') || 24} lg={24 - taken('lg') || 24}>
        <Input
          allowClear
          prefix={<SearchOutlined style={{ color: token.colorTextTertiary }} />}
          placeholder={placeholder}
          aria-label={searchLabel}
          value={search}
          maxLength={maxLength}
          onChange={(e) => onSearchChange(e.target.value)}
        />
      </Col>
      {filters.map(({ key, width, control }) => (
        <Col key={key} xs={width.xs} md={width.md} lg={width.lg}>
          {control}
        </Col>
      ))}
    </Row>
  );
}

export interface ArchivedToggleProps {
  showArchived: boolean;
  onToggle: () => void;
  /** The button's text in each state, e.g. 'Show Archived' / 'Hide Archived'. */
  showLabel: string;
  hideLabel: string;
}

/** The full-width 'Show / Hide Archived' toggle of a SearchFilterBar (pressed while archived items show). */
export function ArchivedToggle({ showArchived, onToggle, showLabel, hideLabel }: ArchivedToggleProps) {
  return (
    <Button
      block
      icon={showArchived ? <EyeInvisibleOutlined /> : <EyeOutlined />}
      aria-pressed={showArchived}
      onClick={onToggle}
    >
      {showArchived ? hideLabel : showLabel}
    </Button>
  );
}
