import { LuChartLine } from 'react-icons/lu';
import { NotYetAvailable } from '../components/NotYetAvailable';
import { PageHeading } from './PageHeading';

export default function DashboardPage() {
  return (
    <>
      <PageHeading>Advanced analytics</PageHeading>
      <NotYetAvailable
        icon={<LuChartLine />}
        title="Coming in a later release"
        description="Advanced analytics is not available in this release yet."
      />
    </>
  );
}
