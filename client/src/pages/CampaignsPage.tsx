import { LuMegaphone } from 'react-icons/lu';
import { NotYetAvailable } from '../components/NotYetAvailable';
import { PageHeading } from './PageHeading';

export default function CampaignsPage() {
  return (
    <>
      <PageHeading>Campaign management</PageHeading>
      <NotYetAvailable
        icon={<LuMegaphone />}
        title="Coming in a later release"
        description="Campaign management is not available in this release yet."
      />
    </>
  );
}
