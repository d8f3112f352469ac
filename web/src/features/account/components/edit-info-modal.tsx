import { Alert } from '@mantine/core';
import { modals } from '@mantine/modals';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { type Session, useSession } from '../../../lib/session.ts';
import { useUserInfo } from '../api/get-user-info.ts';

// The form and the contract's validation rules (zod) load when the menu item is chosen, not with every page.
const loadEditInfoForm = () => import('./edit-info-form.tsx');
const EditInfoForm = lazy(() => loadEditInfoForm().then((module) => ({ default: module.EditInfoForm })));

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
  const loading = <PageLoader label="Loading your information..." />;

  if (info.isPending) return loading;
  if (info.isError) {
    return (
      <Alert color="red" variant="light">
        {info.error.message}
      </Alert>
    );
  }
  return (
    <Suspense fallback={loading}>
      <EditInfoForm info={info.data} canEditTeamAndRole={session.isSuperUser} onSaved={onSaved} />
    </Suspense>
  );
}

/** The edit-info modal of the floating menu (member spec, section 5). */
export function openEditInfoModal(): void {
  loadEditInfoForm().catch(() => {}); // starts the download while the member's information loads; the lazy form meets any failure
  const modalId = modals.open({
    title: 'Update User Info',
    size: 'lg',
    children: <EditInfoModalBody onSaved={() => modals.close(modalId)} />,
  });
}
