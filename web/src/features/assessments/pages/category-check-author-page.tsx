import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CategoryBankData } from '@mm/contract';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { authorCheckPath, categoryCheckResultsPath } from '../../../config/paths.ts';
import { useCategoryBank } from '../api/get-category-bank.ts';
import { CheckAuthorFrame } from '../components/check-author-frame.tsx';
import { CheckForm } from '../components/check-form.tsx';

/**
 * /assessments/categories/:id: a super user sets the check at the end of a category. Its bank is the organization's
 * questions on the category's videos, written on each video's bank (linked from here), so nothing is kept twice.
 */
export function CategoryCheckAuthorPage() {
  const categoryId = Number(useParams().id);
  const { t } = useTranslation('assessments');
  const bank = useCategoryBank(categoryId);
  // Drafts are never drawn: the bank's size is its approved questions.
  const bankSize = bank.data?.videos.reduce((n, v) => n + v.questions.filter((q) => !q.draft).length, 0) ?? 0;
  return (
    <CheckAuthorFrame
      title={t('category.title')}
      bank={bank}
      intro={(data) => t('category.intro', { name: data.category_name })}
      resultsPath={(data) => (data.check ? categoryCheckResultsPath(categoryId) : null)}
    >
      {(data) => (
        <>
          <CheckForm key={JSON.stringify(data.check)} subject={{ kind: 'category', id: categoryId }} initial={data.check} bankSize={bankSize} />
          <CategoryBank videos={data.videos} count={bankSize} />
        </>
      )}
    </CheckAuthorFrame>
  );
}

/** The category's bank, video by video: each video's questions and the way to write them. */
function CategoryBank({ videos, count }: { videos: CategoryBankData['videos']; count: number }) {
  const { t } = useTranslation('assessments');
  return (
    <Stack component="section" aria-labelledby="category-bank">
      <Title order={2} size="h3" id="category-bank">
        {t('author.bankTitle', { count })}
      </Title>
      <Text c="dimmed" size="sm">
        {t('category.bankHint')}
      </Text>
      {videos.map((v) => (
        <Card key={v.video_id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Title order={3} size="h5">
                {v.video_title}
              </Title>
              <Text size="sm" c="dimmed">
                {t('category.videoQuestions', { count: v.questions.filter((q) => !q.draft).length })}
              </Text>
              {v.questions.length > 0 && (
                <Stack component="ul" gap={2} m={0} pl="md">
                  {v.questions.map((q) => (
                    <Text component="li" size="sm" key={q.id}>
                      {q.prompt}{' '}
                      <Text span c="dimmed" size="xs">
                        ({t(`kinds.${q.kind}`)})
                      </Text>
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>
            <Button
              component={Link}
              to={authorCheckPath(v.video_id)}
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              aria-label={t('category.writeQuestionsFor', { title: v.video_title })}
            >
              {t('category.writeQuestions')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
