import { NEED_SUBSCRIPTION_MESSAGE } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { playDestination } from './play-destination.ts';

const video = { admin_video_id: 7, should_display_ppv: 0, ppv_page_type: 0, is_user_need_subscription: 0, subscription_message: null };

describe('access decision after Play (member spec, section 4)', () => {
  it('goes to the payment pages for pay-per-view videos', () => {
    expect(playDestination({ ...video, should_display_ppv: 1, ppv_page_type: 2 })).toEqual({ path: '/payment-options' });
    expect(playDestination({ ...video, should_display_ppv: 1, ppv_page_type: 1 })).toEqual({ path: '/pay-per-view' });
  });

  it('plays when no subscription is needed', () => {
    expect(playDestination(video)).toEqual({ path: '/video/7' });
  });

  it('sends to the plans with the message otherwise', () => {
    expect(playDestination({ ...video, is_user_need_subscription: 1 })).toEqual({ path: '/plans', message: NEED_SUBSCRIPTION_MESSAGE });
    expect(playDestination({ ...video, is_user_need_subscription: 1, subscription_message: 'Ask your boss.' })).toEqual({
      path: '/plans',
      message: 'Ask your boss.',
    });
  });
});
