import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorCategoryCheckPath, takeCategoryCheckPath } from '../../../config/paths.ts';
import { useCategoryCheck } from '../api/get-category-check.ts';

/**
 * The check at the end of a category, on its page: what it asks and the way in (members of an organization that set
 * one; nothing otherwise). When it is required for the certificate, the page says so. A super user also gets the way
 * to set the check (and its results), whether or not there is one yet.
 */
export function CategoryCheckEntry({ categoryId, member, author }: { categoryId: number; member: boolean; author: boolean }) {
  const { t } = useTranslation('browse');
  const check = useCategoryCheck(categoryId, member);
  const data = check.data?.check;
  const authorLink = author && (
    <Button component={Link} to={authorCategoryCheckPath(categoryId)} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
      {data ? t('category.check.edit') : t('category.check.set')}
    </Button>
  );
  if (!data) return authorLink ? <Group>{authorLink}</Group> : null;
  return (
    <Alert variant="light" color={data.passed ? 'teal' : 'blue'} title={t('category.check.title')}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {data.passed
            ? t('category.check.passed')
            : data.required_for_certificate
              ? t('category.check.required', { questions: data.question_count, pass: data.pass_percent })
              : t('category.check.rules', { questions: data.question_count, pass: data.pass_percent })}
        </Text>
        <Group gap="sm">
          {!data.passed && (
            <Button component={Link} to={takeCategoryCheckPath(categoryId)}>
              {t('category.check.take')}
            </Button>
          )}
          {authorLink}
        </Group>
      </Group>
    </Alert>
  );
}
