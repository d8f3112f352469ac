import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FullScreenPlayer } from '../../../components/video-player/full-screen-player.tsx';
import { paths } from '../../../config/paths.ts';
import type { TrailerState } from '../components/video-panel/trailers-tab.tsx';
import { PlayerMessage, PreparingLesson } from './video-page.tsx';

function isTrailerState(value: unknown): value is TrailerState {
  return typeof value === 'object' && value !== null && 'trailer' in value && typeof (value as TrailerState).trailer?.name === 'string';
}

/** /trailer: a trailer from the navigation state, whole-window (member spec, section 2). */
export function TrailerPage() {
  const { t } = useTranslation('browse');
  const state: unknown = useLocation().state;
  if (!isTrailerState(state)) {
    return <PlayerMessage title={t('player.noTrailer')} text={t('player.noTrailerText')} />;
  }
  const { trailer } = state;
  // A trailer whose streams are still prepared (a first start) says so; opening the lesson's trailers put it first in line.
  if (trailer.preparing) return <PreparingLesson title={trailer.name} preparing={trailer.preparing} what="trailer" />;
  const src = trailer.resolutions.original ?? trailer.main_video;
  if (!src) return <PlayerMessage title={trailer.name} titleIsContent text={t('player.trailerNoStream')} />;
  // No watch time: trailers do not count towards progress.
  return <FullScreenPlayer title={trailer.name} src={src} poster={trailer.default_image} fallbackPath={paths.home} />;
}
