import { PageHeader } from '@aide/ui';

export default function DocumentsPage() {
  return <PageHeader title={"Documents"} subtitle="Coming soon" />;
}
