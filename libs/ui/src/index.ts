export { EmptyState, EmptyText, type EmptyStateProps } from './EmptyState';
export { IconTitle, type IconTitleProps } from './IconTitle';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { StatCard, type StatCardProps } from './StatCard';
export { useConfirm, type ConfirmOptions } from './useConfirm';
export { useFormFields } from './useFormFields';
export { isEditingField } from './isEditingField';
export { FetchErrorAlert, type FetchErrorAlertProps, type RefetchableQuery } from './FetchErrorAlert';
export { TagEntry, TagList, type TagEntryProps, type TagListProps } from './TagInput';
export { useDebouncedValue } from './useDebouncedValue';
export { DateStringPicker, type DateStringPickerProps } from './DateStringPicker';
export { calendarIn, datePickerIn, dayjsConfigIn, type ZonedCalendar, type ZonedDatePicker } from './zonedDates';
export {
  ArchivedToggle,
  SearchFilterBar,
  type ArchivedToggleProps,
  type FilterWidth,
  type SearchFilterBarProps,
} from './SearchFilterBar';
export {
  DASHBOARD_ERROR_TEXT,
  DashboardCard,
  DashboardStat,
  type DashboardCardProps,
  type DashboardPartQuery,
  type DashboardStatProps,
} from './DashboardCard';
export { signed, thousands } from './statFormat';
export {
  dashboardPartOptions,
  prefetchDashboardAnswer,
  useDashboardAnswer,
  useDashboardPart,
  type DashboardPartSchema,
} from './useDashboardPart';
export { PlainList } from './PlainList';
export { whenIdle } from './whenIdle';
export { VisuallyHidden } from './VisuallyHidden';
export { SuggestionsPanel, type SuggestionsPanelProps } from './suggestions/SuggestionsPanel';
export { useSuggestions, useSuggestionDecisions, type SuggestionSource } from './suggestions/useSuggestions';
export { SourceLink, documentHref, emailHref, type SourceLinkProps } from './suggestions/SourceLink';
export { useOpenFromAddress } from './useOpenFromAddress';
