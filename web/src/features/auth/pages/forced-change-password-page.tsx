import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

/** Reached from home when the account must change its password before going on. */
export function ForcedChangePasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Change your password" subtitle="Please choose a new password before you continue.">
      <ChangePasswordForm onChanged={() => navigate(paths.home, { replace: true })} />
    </AuthCard>
  );
}
