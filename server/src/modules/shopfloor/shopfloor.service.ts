import type { Locale, QrCodesData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { badRequest, NO_SUCH_TEAM, notFound } from '../../lib/errors.ts';
import { translator } from '../../lib/i18n.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import { findTeam, listTeams } from '../organization/index.ts';
import { listStations } from '../stations/index.ts';
import { badgeCode, listBadgeHolders, listClips } from '../toolbox/index.ts';
import { qrSheetPdf } from './qr-sheet-pdf.ts';
import { qrOrganizationOf } from './shopfloor.policy.ts';

export const NO_VIDEOS_CHOSEN = 'Pick at least one video for the QR sheet.';
export const NO_STATIONS_CHOSEN = 'Pick at least one station of your organization for the QR sheet.';

/** What a sheet can be printed for. */
export async function qrCodeChoices(ctx: AppContext, caller: Caller): Promise<QrCodesData> {
  const organizationId = qrOrganizationOf(caller);
  const [clips, stations, teams] = await Promise.all([listClips(ctx.db), listStations(ctx.db, organizationId), listTeams(ctx.db, organizationId)]);
  return {
    teams: teams.map(({ id, name }) => ({ id, name })),
    videos: clips.map(({ id, title }) => ({ id, title })),
    stations: stations.filter((s) => s.kind === 'station').map(({ id, name }) => ({ id, name })),
  };
}

/**
 * A sheet of QR codes, one per video, each opening the video's page (/video/{id}): a stable address that needs a
 * sign-in and answers only to members whose path opens the video, so a label at a machine reveals nothing. The sheet's
 * words are in the caller's language (`locale`), the videos' titles as they are.
 */
export async function videoQrSheet(ctx: AppContext, caller: Caller, videoIds: number[], locale: Locale): Promise<Buffer> {
  qrOrganizationOf(caller);
  const chosen = new Set(videoIds);
  const videos = (await listClips(ctx.db)).filter((v) => chosen.has(v.id));
  if (videos.length === 0) throw badRequest(NO_VIDEOS_CHOSEN);
  const t = translator(locale, 'qr');
  return qrSheetPdf(
    t('videos.heading'),
    videos.map((v) => ({ title: v.title, caption: t('videos.caption'), url: `${ctx.config.publicUrl}/video/${v.id}` })),
  );
}

/**
 * A sheet of station labels to stick on the machines: each opens /station/{id}, where the signed-in operator sees
 * whether they are cleared to run it and the clips that show how. Only the caller's own organization's stations.
 */
export async function stationQrSheet(ctx: AppContext, caller: Caller, stationIds: number[], locale: Locale): Promise<Buffer> {
  const organizationId = qrOrganizationOf(caller);
  const stations = (await listStations(ctx.db, organizationId, stationIds)).filter((s) => s.kind === 'station');
  if (stations.length === 0) throw badRequest(NO_STATIONS_CHOSEN);
  const t = translator(locale, 'qr');
  return qrSheetPdf(
    t('stations.heading'),
    stations.map((s) => ({ title: s.name, caption: t('stations.caption'), url: `${ctx.config.publicUrl}/station/${s.id}` })),
  );
}

export const NO_BADGE_HOLDERS = 'Nobody to print a badge for: this team has no members yet.';

/** Badges with a QR code per person (of one team, or everyone) that a toolbox talk's leader scans for attendance. */
export async function badgeSheet(ctx: AppContext, caller: Caller, teamId: number | undefined, locale: Locale): Promise<Buffer> {
  const organizationId = qrOrganizationOf(caller);
  if (teamId !== undefined && !(await findTeam(ctx.db, organizationId, teamId))) throw notFound(NO_SUCH_TEAM);
  const people = await listBadgeHolders(ctx.db, organizationId, teamId);
  if (people.length === 0) throw badRequest(NO_BADGE_HOLDERS);
  const t = translator(locale, 'qr');
  const labels = [];
  for (const p of people) labels.push({ title: fullName(p), caption: p.team_name ?? t('badges.noTeam'), url: await badgeCode(ctx.db, p.id) });
  return qrSheetPdf(t('badges.heading'), labels);
}
