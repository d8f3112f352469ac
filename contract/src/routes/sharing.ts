import { defineRoute, defineRoutes } from '../route.ts';
import { shareData, sharedVideoData, sharedVideoQuery, shareRequest, sharingTextData } from '../sharing.ts';

/** Sharing videos by link or e-mail. */
export const sharingRoutes = defineRoutes('sharing', {
  shareVideo: defineRoute({ method: 'POST', path: '/api/videos/share', summary: 'Share a video by link or e-mail', body: shareRequest, answer: shareData }),
  sharedVideo: defineRoute({
    method: 'GET',
    path: '/api/videos/share',
    summary: 'A video opened from a share link',
    query: sharedVideoQuery,
    answer: sharedVideoData,
  }),
  getTextSharingVideo: defineRoute({
    method: 'GET',
    path: '/api/get_text_sharing_video',
    summary: 'The text that goes with a shared video',
    answer: sharingTextData,
  }),
});
