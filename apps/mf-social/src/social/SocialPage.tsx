import { PageHeader } from '@aide/ui';

export default function SocialPage() {
  return <PageHeader title={"Social Media"} subtitle="Coming soon" />;
}
