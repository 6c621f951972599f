import { PageHeader } from '@aide/ui';

export default function ResearchPage() {
  return <PageHeader title={"Research Hub"} subtitle="Coming soon" />;
}
