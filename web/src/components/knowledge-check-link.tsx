import { Button } from '@mantine/core';
import { routes } from '@mm/contract';
import { IconChecklist, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorCheckPath, takeCheckPath } from '../config/paths.ts';
import { apiRequest } from '../lib/api-client.ts';

/**
 * The way from a video to its knowledge check (issue 38): "Take the check" when the member's organization attached
 * one, and, for a super user, the way to write its questions. Shared by the video panel; the check itself is the
 * assessments feature's page. The query key is the assessments feature's, so a submission refreshes it.
 */
export function KnowledgeCheckLinks({ videoId, isSuperUser, isGuest }: { videoId: number; isSuperUser: boolean; isGuest: boolean }) {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['assessments', 'check', videoId],
    queryFn: async () => (await apiRequest(routes.memberAssessmentCheck, { params: { videoId } })).data,
    enabled: !isGuest,
  });
  const state = check.data?.check;
  if (isGuest || (!state && !isSuperUser)) return null;
  return (
    <>
      {state && (
        <Button component={Link} to={takeCheckPath(videoId)} variant="light" leftSection={<IconChecklist size={18} aria-hidden />}>
          {state.passed ? t('check.passed') : t('check.take')}
        </Button>
      )}
      {isSuperUser && (
        <Button component={Link} to={authorCheckPath(videoId)} variant="default" leftSection={<IconPencil size={18} aria-hidden />}>
          {t('check.questions')}
        </Button>
      )}
    </>
  );
}
