export { EmptyState, type EmptyStateProps } from './EmptyState';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { StatCard, type StatCardProps } from './StatCard';
export { useConfirm, type ConfirmOptions } from './useConfirm';
export { useFormFields } from './useFormFields';
