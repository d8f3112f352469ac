import { Alert, Loader } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { type Session, useSession } from '../../../lib/session.ts';
import { useUserInfo } from '../api/get-user-info.ts';

// The form and the contract's validation rules (zod) load when the menu item is chosen, not with every page.
const loadEditInfoForm = () => import('./edit-info-form.tsx');
const EditInfoForm = lazy(() => loadEditInfoForm().then((module) => ({ default: module.EditInfoForm })));

function EditInfoModalBody({ onSaved }: { onSaved: () => void }) {
  // Rendered by the modals provider, outside the signed-in routes: it may outlive a sign-out for a moment.
  const { t } = useTranslation('account');
  const session = useSession();
  if (!session) return null;
  if (session.isGuestUser) {
    return (
      <Alert color="blue" variant="light" title={t('info.guestTitle')}>
        {t('info.guestText')}
      </Alert>
    );
  }
  return <EditInfoLoader session={session} onSaved={onSaved} />;
}

function EditInfoLoader({ session, onSaved }: { session: Session; onSaved: () => void }) {
  const { t } = useTranslation('account');
  const info = useUserInfo(session.userId);
  const loading = <PageLoader label={t('info.loading')} />;

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
    // The menu item's own words (the shell's namespace); the body waits for the account namespace.
    title: i18next.t('nav.updateInfo'),
    size: 'lg',
    children: (
      <Suspense fallback={<Loader />}>
        <EditInfoModalBody onSaved={() => modals.close(modalId)} />
      </Suspense>
    ),
  });
}
