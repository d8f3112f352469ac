import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notifyErrorMessage } from '../../../lib/notify.ts';
import { type AccessFields, playDestination } from '../play-destination.ts';

/** The access decision after Play. */
export function usePlayVideo() {
  const navigate = useNavigate();
  return useCallback(
    (video: AccessFields, { replace = false }: { replace?: boolean } = {}) => {
      const { path, message } = playDestination(video);
      if (message) notifyErrorMessage(message);
      navigate(path, { replace });
    },
    [navigate],
  );
}
