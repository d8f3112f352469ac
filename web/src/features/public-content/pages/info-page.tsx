import { Alert, Container, Grid, NavLink, Skeleton, Stack, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pagePath } from '../../../config/paths.ts';
import { usePage, usePages } from '../api/get-pages.ts';

/** /page/{id}: a side list of the pages, then the chosen page's title and (server-sanitized) HTML body. */
export function InfoPage() {
  const { t } = useTranslation('public');
  const { id = '' } = useParams();
  const pages = usePages();
  const page = usePage(id);
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Stack gap={2} component="nav" aria-label={t('info.pages')}>
            {pages.isPending
              ? [1, 2, 3].map((n) => <Skeleton key={n} height={32} />)
              : (pages.data ?? []).map((p) => (
                  <NavLink
                    key={p.unique_id}
                    component={Link}
                    to={pagePath(p.unique_id)}
                    label={<span translate="no">{p.title}</span>}
                    active={p.unique_id === id}
                  />
                ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          {page.isPending && (
            <Stack>
              <Skeleton height={36} width="50%" />
              <Skeleton height={16} />
              <Skeleton height={16} />
            </Stack>
          )}
          {page.isError && (
            <Alert color="gray" title={t('info.notFound')}>
              {page.error.message}
            </Alert>
          )}
          {page.data && (
            <article translate="no">
              <Title order={1} mb="md">
                {page.data.title}
              </Title>
              <Typography>
                {/* The server sanitizes page HTML before storing and again before serving it. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server */}
                <div dangerouslySetInnerHTML={{ __html: page.data.description }} />
              </Typography>
            </article>
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
