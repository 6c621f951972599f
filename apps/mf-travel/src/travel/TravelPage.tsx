import { PageHeader } from '@aide/ui';

export default function TravelPage() {
  return <PageHeader title={"Travel Planner"} subtitle="Coming soon" />;
}
