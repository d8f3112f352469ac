import type { TFunction } from 'i18next';

/** The caller's place in the organization's ranking, and the leader's points when known. */
export type RankingStanding = { ranking: number; points: number; leaderPoints?: number };

/**
 * The ranking line of the weekly stats (member spec, section 2), in the `home` namespace's `t`. The spec's two
 * sentences stay exact in English; a member without points is not ranked by a tie-break among zeros, and a tie with
 * the leader is said as such.
 */
export function rankingSentence({ ranking, points, leaderPoints }: RankingStanding, t: TFunction<'home'>): string {
  if (points <= 0) return t('ranking.noPoints');
  if (ranking <= 1) return t('ranking.first');
  if (leaderPoints !== undefined && points >= leaderPoints) return t('ranking.tied');
  const behind = ranking - 1;
  return t('ranking.behind', { count: behind });
}
