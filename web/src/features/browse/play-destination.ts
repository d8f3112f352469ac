import { NEED_SUBSCRIPTION_MESSAGE, type VideoDetail } from '@mm/contract';
import { paths, videoPath } from '../../config/paths.ts';

export type AccessFields = Pick<VideoDetail, 'admin_video_id' | 'should_display_ppv' | 'ppv_page_type' | 'is_user_need_subscription' | 'subscription_message'>;

/** Where Play leads (member spec, section 4): payment pages, the player, or the plans. */
export function playDestination(video: AccessFields): { path: string; message?: string } {
  if (video.should_display_ppv !== 0) return { path: video.ppv_page_type === 2 ? paths.paymentOptions : paths.payPerView };
  if (video.is_user_need_subscription === 0) return { path: videoPath(video.admin_video_id) };
  return { path: paths.plans, message: video.subscription_message ?? NEED_SUBSCRIPTION_MESSAGE };
}
