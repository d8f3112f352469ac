import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordForm } from './new-password-fields.tsx';

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  return (
    <NewPasswordForm
      submitLabel={t('reset.submit')}
      pending={resetPassword.isPending}
      onSubmit={(newPassword) =>
        resetPassword.mutate(
          { token, ...newPassword },
          {
            onSuccess: ({ message }) => {
              if (message) notifySuccess(message);
              navigate(paths.login);
            },
            onError: notifyError,
          },
        )
      }
    />
  );
}
