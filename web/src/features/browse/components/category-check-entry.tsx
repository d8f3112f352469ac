import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { takeCategoryCheckPath } from '../../../config/paths.ts';
import { useCategoryCheck } from '../api/get-category-check.ts';

/**
 * The check at the end of a category, on its page: what it asks and the way in (members of an organization that set
 * one; nothing otherwise). When it is required for the certificate, the page says so.
 */
export function CategoryCheckEntry({ categoryId, member }: { categoryId: number; member: boolean }) {
  const { t } = useTranslation('browse');
  const check = useCategoryCheck(categoryId, member);
  const data = check.data?.check;
  if (!data) return null;
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
        {!data.passed && (
          <Button component={Link} to={takeCategoryCheckPath(categoryId)}>
            {t('category.check.take')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
