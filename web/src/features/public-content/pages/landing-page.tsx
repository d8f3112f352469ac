import '../landing.css';
import { Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type Faq, LANDING_STILL } from '@mm/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BRAND } from '../../../config/app.ts';
import { paths } from '../../../config/paths.ts';
import { useFaqs } from '../api/get-faqs.ts';
import { useLanding } from '../api/get-landing.ts';
import { LoopingVideo } from '../components/looping-video.tsx';

const FaqAnswerModal = lazy(() => import('../components/faq-answer-modal.tsx').then((m) => ({ default: m.FaqAnswerModal })));

/** The public front door (member spec, section 2): banner, three feature sections, FAQ, sign in, guest access, get started. */
export function LandingPage() {
  const { t } = useTranslation('public');
  const landing = useLanding();
  const faqs = useFaqs();
  const [open, setOpen] = useState<Faq | null>(null);
  // Mounted from the first question opened on, so closing keeps the dialog's exit and its focus return to the card.
  const [asked, setAsked] = useState(false);
  const content = landing.data;

  return (
    <Stack gap={0}>
      {landing.isPending ? (
        // The banner's own box (same aspect ratio), so nothing below moves when the content arrives.
        <section className="mm-landing-banner" data-testid="landing-loading" aria-busy="true" aria-label={t('landing.loading')}>
          <Skeleton h="100%" radius={0} />
        </section>
      ) : (
        <section className="mm-landing-banner">
          {/* The designed still (preloaded with the page), then the montage over it once played. */}
          <img className="mm-landing-still" src={LANDING_STILL.path} width={LANDING_STILL.width} height={LANDING_STILL.height} alt="" fetchPriority="high" />
          {content && <LoopingVideo src={content.banner_video} label={content.banner_title} preparing={content.preparing.banner} />}
          <div className="mm-landing-banner-text">
            <Title order={1} fz={{ base: 28, sm: 48 }} data-testid="landing-banner-title" translate="no">
              {content?.banner_title ?? BRAND}
            </Title>
            <Group justify="center">
              <Button component={Link} to={paths.login} size="md">
                {t('landing.signIn')}
              </Button>
              <Button component={Link} to={paths.register} size="md" variant="white">
                {t('landing.getStarted')}
              </Button>
            </Group>
            <Button component={Link} to={`${paths.login}?guest=1`} variant="subtle" color="gray.0">
              {t('landing.guest')}
            </Button>
          </div>
        </section>
      )}

      <Container size="lg" py="xl" w="100%">
        <Stack gap={48}>
          {content && (
            <Stack gap={48}>
              {([1, 2, 3] as const).map((n) => (
                <SimpleGrid key={n} cols={{ base: 1, sm: 2 }} spacing="xl" className="mm-landing-section" data-testid="landing-section">
                  <LoopingVideo
                    src={content[`section${n}_video`]}
                    poster={content[`section${n}_poster`]}
                    label={content[`section${n}_title`]}
                    preparing={content.preparing[`section${n}`]}
                  />
                  <Stack justify="center" className={n === 2 ? 'mm-landing-text-first' : undefined} translate="no">
                    <Title order={2}>{content[`section${n}_title`]}</Title>
                    <Text c="dimmed">{content[`section${n}_description`]}</Text>
                  </Stack>
                </SimpleGrid>
              ))}
            </Stack>
          )}

          {(faqs.data?.length ?? 0) > 0 && (
            <Stack gap="md">
              <Title order={2} ta="center">
                {t('landing.faq')}
              </Title>
              <div className="mm-faq-grid" data-testid="faq-grid">
                {faqs.data?.map((faq) => (
                  <Card
                    key={faq.faq_id}
                    withBorder
                    radius="md"
                    component="button"
                    type="button"
                    className="mm-faq-card"
                    onClick={() => {
                      setAsked(true);
                      setOpen(faq);
                    }}
                  >
                    <Text fw={600} translate="no">
                      {faq.question}
                    </Text>
                  </Card>
                ))}
              </div>
            </Stack>
          )}

          <Group justify="center">
            <Button component={Link} to={paths.register} size="lg">
              {t('landing.getStarted')}
            </Button>
          </Group>
        </Stack>
      </Container>

      {asked && (
        <Suspense fallback={null}>
          <FaqAnswerModal faq={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
