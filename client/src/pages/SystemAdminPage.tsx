import { LuShieldCheck, LuShieldX } from 'react-icons/lu';
import { isSuperAdminRole } from '../app/nav-links';
import { NotYetAvailable } from '../components/NotYetAvailable';
import { useAuth } from '../features/auth/AuthProvider';
import { PageHeading } from './PageHeading';

export default function SystemAdminPage() {
  const { user } = useAuth();
  if (!isSuperAdminRole(user?.role)) {
    return (
      <NotYetAvailable
        icon={<LuShieldX />}
        title="Access Denied"
        description="You don't have permission to access system administration."
      />
    );
  }
  return (
    <>
      <PageHeading>System administration</PageHeading>
      <NotYetAvailable
        icon={<LuShieldCheck />}
        title="Coming in a later release"
        description="System administration is not available in this release yet."
      />
    </>
  );
}
