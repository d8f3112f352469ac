import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { saveSession, sessionFromSignIn } from '../../../lib/session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { NewPasswordForm } from './new-password-fields.tsx';

export function AcceptInvitationForm({ token }: { token: string }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  return (
    <NewPasswordForm
      submitLabel="Activate account"
      pending={accept.isPending}
      onSubmit={(newPassword) =>
        accept.mutate(
          { token, ...newPassword },
          {
            onSuccess: ({ data, message }) => {
              // Same render: the signed-in route set opens directly on /home.
              navigate(paths.home, { replace: true });
              saveSession(sessionFromSignIn(data));
              if (message) notifySuccess(message);
            },
            onError: notifyError,
          },
        )
      }
    />
  );
}
