import { LuUsers } from 'react-icons/lu';
import { NotYetAvailable } from '../components/NotYetAvailable';
import { PageHeading } from './PageHeading';

export default function AdminPage() {
  return (
    <>
      <PageHeading>Administrative tools</PageHeading>
      <NotYetAvailable
        icon={<LuUsers />}
        title="Coming in a later release"
        description="Administrative tools are not available in this release yet."
      />
    </>
  );
}
