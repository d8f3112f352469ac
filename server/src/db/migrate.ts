import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './client.ts';
import * as foundation from './migrations/2026-11-21-001-foundation.ts';
import * as catalog from './migrations/2026-11-21-002-catalog.ts';
import * as playback from './migrations/2026-11-21-003-playback.ts';
import * as billing from './migrations/2026-11-21-004-billing.ts';
import * as organizationAdmin from './migrations/2026-11-21-005-organization-admin.ts';
import * as certificates from './migrations/2026-11-21-006-certificates.ts';
import * as sharing from './migrations/2026-11-21-007-sharing.ts';
import * as dashboard from './migrations/2026-11-21-008-dashboard.ts';
import * as learningStats from './migrations/2026-11-21-009-learning-stats.ts';
import * as trialRecords from './migrations/2026-11-23-011-trial-records.ts';
import * as throttleCounters from './migrations/2026-11-23-012-throttle-counters.ts';
import * as captionsSearch from './migrations/2026-11-23-013-captions-search.ts';
import * as organizationVerification from './migrations/2026-11-24-017-organization-verification.ts';
import * as kiosks from './migrations/2026-11-24-021-kiosks.ts';
import * as toolboxTalks from './migrations/2026-11-24-022-toolbox-talks.ts';
import * as qualifications from './migrations/2026-11-25-023-qualifications.ts';
import * as requiredTraining from './migrations/2026-11-25-024-required-training.ts';
import * as signoffRequests from './migrations/2026-11-25-025-signoff-requests.ts';
import * as writeReceipts from './migrations/2026-11-25-026-write-receipts.ts';
import * as keptRanking from './migrations/2026-11-25-027-kept-ranking.ts';
import * as memberRowsClustered from './migrations/2026-11-26-028-member-rows-clustered.ts';
import * as userSearch from './migrations/2026-11-26-029-user-search.ts';
import * as writeReceiptPruning from './migrations/2026-11-26-030-write-receipt-pruning.ts';
import * as keyedEvidence from './migrations/2026-11-26-032-keyed-evidence.ts';
import * as evidenceHeadsAndTalkPlay from './migrations/2026-11-26-033-evidence-heads-and-talk-play.ts';
import * as throttleSpacing from './migrations/2026-11-26-035-throttle-spacing.ts';
import * as jobQueue from './migrations/2026-11-26-036-job-queue.ts';
import * as outboxLease from './migrations/2026-11-26-037-outbox-lease.ts';
import * as renditionPreparation from './migrations/2026-11-26-039-rendition-preparation.ts';
import * as studio from './migrations/2026-11-27-040-studio.ts';
import * as assessments from './migrations/2026-11-27-043-assessments.ts';
import * as peopleWithoutEmail from './migrations/2026-11-27-044-people-without-email.ts';
import * as sso from './migrations/2026-11-27-045-sso.ts';
import * as integrations from './migrations/2026-11-27-046-integrations.ts';
import * as scim from './migrations/2026-11-27-047-scim.ts';
import * as languages from './migrations/2026-11-27-048-languages.ts';
import * as studioUploadExpiry from './migrations/2026-11-27-049-studio-upload-expiry.ts';
import * as saml from './migrations/2026-11-27-051-saml.ts';
import * as xapi from './migrations/2026-11-27-052-xapi.ts';
import * as checkTimeLimits from './migrations/2026-11-27-053-check-time-limits.ts';
import * as studioLibrary from './migrations/2026-11-27-055-studio-library.ts';
import * as jobSingletonWaiting from './migrations/2026-11-27-057-job-singleton-waiting.ts';
import * as preparationJob from './migrations/2026-11-27-058-preparation-job.ts';
import * as userManager from './migrations/2026-11-27-059-user-manager.ts';
import * as stationChecks from './migrations/2026-11-27-060-station-checks.ts';
import * as checkPicturesOutcomes from './migrations/2026-11-27-061-check-pictures-outcomes.ts';
import * as studioPathsRevisions from './migrations/2026-11-27-062-studio-paths-revisions.ts';
import * as studioLessonLifecycle from './migrations/2026-11-27-063-studio-lesson-lifecycle.ts';
import * as checkStandings from './migrations/2026-11-27-064-check-standings.ts';
import * as captionOrigins from './migrations/2026-11-27-065-caption-origins.ts';
import * as cueLanguages from './migrations/2026-11-27-066-cue-languages.ts';
import * as questionDrafts from './migrations/2026-11-27-067-question-drafts.ts';
import * as practicalChecks from './migrations/2026-11-27-068-practical-checks.ts';
import * as studioLessonScripts from './migrations/2026-11-27-069-studio-lesson-scripts.ts';
import * as studioScriptPhotos from './migrations/2026-11-27-071-studio-script-photos.ts';
import * as trainingCycles from './migrations/2026-11-28-072-training-cycles.ts';
import * as videoTitleTranslations from './migrations/2026-11-28-074-video-title-translations.ts';
import * as studioCaptionTracks from './migrations/2026-11-28-075-studio-caption-tracks.ts';
import * as practicalChecksByStation from './migrations/2026-11-28-076-practical-checks-by-station.ts';
import * as studioLessonVersions from './migrations/2026-11-28-077-studio-lesson-versions.ts';
import * as catalogNameTranslations from './migrations/2026-11-28-078-catalog-name-translations.ts';
import * as studioLessonsList from './migrations/2026-11-28-080-studio-lessons-list.ts';
import * as expertLanguage from './migrations/2026-11-28-081-expert-language.ts';
import * as noticeMessages from './migrations/2026-11-28-083-notice-messages.ts';
import * as studioVersionCues from './migrations/2026-11-28-084-studio-version-cues.ts';

/** Versioned migrations, in order. Never edit one that has landed: add a new file. */
const migrations: Record<string, Migration> = {
  '2026-11-21-001-foundation': foundation,
  '2026-11-21-002-catalog': catalog,
  '2026-11-21-003-playback': playback,
  '2026-11-21-004-billing': billing,
  '2026-11-21-005-organization-admin': organizationAdmin,
  '2026-11-21-006-certificates': certificates,
  '2026-11-21-007-sharing': sharing,
  '2026-11-21-008-dashboard': dashboard,
  '2026-11-21-009-learning-stats': learningStats,
  '2026-11-23-011-trial-records': trialRecords,
  '2026-11-23-012-throttle-counters': throttleCounters,
  '2026-11-23-013-captions-search': captionsSearch,
  '2026-11-24-017-organization-verification': organizationVerification,
  '2026-11-24-021-kiosks': kiosks,
  '2026-11-24-022-toolbox-talks': toolboxTalks,
  '2026-11-25-023-qualifications': qualifications,
  '2026-11-25-024-required-training': requiredTraining,
  '2026-11-25-025-signoff-requests': signoffRequests,
  '2026-11-25-026-write-receipts': writeReceipts,
  '2026-11-25-027-kept-ranking': keptRanking,
  '2026-11-26-028-member-rows-clustered': memberRowsClustered,
  '2026-11-26-029-user-search': userSearch,
  '2026-11-26-030-write-receipt-pruning': writeReceiptPruning,
  '2026-11-26-032-keyed-evidence': keyedEvidence,
  '2026-11-26-033-evidence-heads-and-talk-play': evidenceHeadsAndTalkPlay,
  '2026-11-26-035-throttle-spacing': throttleSpacing,
  '2026-11-26-036-job-queue': jobQueue,
  '2026-11-26-037-outbox-lease': outboxLease,
  '2026-11-26-039-rendition-preparation': renditionPreparation,
  '2026-11-27-040-studio': studio,
  '2026-11-27-043-assessments': assessments,
  '2026-11-27-044-people-without-email': peopleWithoutEmail,
  '2026-11-27-045-sso': sso,
  '2026-11-27-046-integrations': integrations,
  '2026-11-27-047-scim': scim,
  '2026-11-27-048-languages': languages,
  '2026-11-27-049-studio-upload-expiry': studioUploadExpiry,
  '2026-11-27-051-saml': saml,
  '2026-11-27-052-xapi': xapi,
  '2026-11-27-053-check-time-limits': checkTimeLimits,
  '2026-11-27-055-studio-library': studioLibrary,
  '2026-11-27-057-job-singleton-waiting': jobSingletonWaiting,
  '2026-11-27-058-preparation-job': preparationJob,
  '2026-11-27-059-user-manager': userManager,
  '2026-11-27-060-station-checks': stationChecks,
  '2026-11-27-061-check-pictures-outcomes': checkPicturesOutcomes,
  '2026-11-27-062-studio-paths-revisions': studioPathsRevisions,
  '2026-11-27-063-studio-lesson-lifecycle': studioLessonLifecycle,
  '2026-11-27-064-check-standings': checkStandings,
  '2026-11-27-065-caption-origins': captionOrigins,
  '2026-11-27-066-cue-languages': cueLanguages,
  '2026-11-27-067-question-drafts': questionDrafts,
  '2026-11-27-068-practical-checks': practicalChecks,
  '2026-11-27-069-studio-lesson-scripts': studioLessonScripts,
  '2026-11-27-071-studio-script-photos': studioScriptPhotos,
  '2026-11-28-072-training-cycles': trainingCycles,
  '2026-11-28-074-video-title-translations': videoTitleTranslations,
  '2026-11-28-075-studio-caption-tracks': studioCaptionTracks,
  '2026-11-28-076-practical-checks-by-station': practicalChecksByStation,
  '2026-11-28-077-studio-lesson-versions': studioLessonVersions,
  '2026-11-28-078-catalog-name-translations': catalogNameTranslations,
  '2026-11-28-080-studio-lessons-list': studioLessonsList,
  '2026-11-28-081-expert-language': expertLanguage,
  '2026-11-28-083-notice-messages': noticeMessages,
  '2026-11-28-084-studio-version-cues': studioVersionCues,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Up to and including the named migration (tests of a migration over rows written before it). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
