import { Alert } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PageLoader } from '../../../components/page-loader.tsx';
import { type Session, useSession } from '../../../lib/session.ts';
import { useUserInfo } from '../api/get-user-info.ts';
import { EditInfoForm } from './edit-info-form.tsx';

function EditInfoModalBody({ onSaved }: { onSaved: () => void }) {
  // Rendered by the modals provider, outside the signed-in routes: it may outlive a sign-out for a moment.
  const session = useSession();
  if (!session) return null;
  if (session.isGuestUser) {
    return (
      <Alert color="blue" variant="light" title="Guest access">
        The guest account is read-only. Sign up to keep your own profile.
      </Alert>
    );
  }
  return <EditInfoLoader session={session} onSaved={onSaved} />;
}

function EditInfoLoader({ session, onSaved }: { session: Session; onSaved: () => void }) {
  const info = useUserInfo(session.userId);

  if (info.isPending) return <PageLoader label="Loading your information..." />;
  if (info.isError) {
    return (
      <Alert color="red" variant="light">
        {info.error.message}
      </Alert>
    );
  }
  return <EditInfoForm info={info.data} canEditTeamAndRole={session.isSuperUser} onSaved={onSaved} />;
}

/** The edit-info modal of the floating menu (member spec, section 5). */
export function openEditInfoModal(): void {
  const modalId = modals.open({
    title: 'Update User Info',
    size: 'lg',
    children: <EditInfoModalBody onSaved={() => modals.close(modalId)} />,
  });
}
