import { PageHeader } from '@aide/ui';

export default function WebsitePage() {
  return <PageHeader title={"Website Manager"} subtitle="Coming soon" />;
}
