import { routes, type VideoDetail, type WishlistData } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../lib/api-client.ts';
import { OFFLINE_SAVED, sendOrQueue } from '../../../lib/offline-queue.ts';
import { seeAllQueryKey } from './get-see-all.ts';
import { videoQueryKey } from './get-video.ts';

/** An entry id standing for "added while offline" until the server's answer replaces it. */
const ADDED_OFFLINE = -1;

/**
 * POST wishlists/operations: adds the video to My List, or takes it out. Without a network the press waits in the
 * offline queue and the open video shows it as made.
 */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs without a network too: sendOrQueue keeps the press in the offline queue (paused in memory, a tablet's
    // next person would lose it or send it).
    networkMode: 'always',
    mutationFn: async (videoId: number): Promise<ApiAnswer<WishlistData>> => {
      const body = { admin_video_id: videoId };
      const answer = await sendOrQueue(routes.wishlistsOperations, body);
      if (answer) return answer;
      const inList = queryClient.getQueryData<VideoDetail>(videoQueryKey(videoId))?.wishlist_id != null;
      return { data: inList ? { wishlist_id: null, wishlist_status: 0 } : { wishlist_id: ADDED_OFFLINE, wishlist_status: 1 }, message: OFFLINE_SAVED };
    },
    onSuccess: ({ data }, videoId) => {
      // On when the server returns a wishlist_id (member spec, section 4).
      queryClient.setQueryData<VideoDetail>(
        videoQueryKey(videoId),
        (video) => video && { ...video, wishlist_id: data.wishlist_id, wishlist_status: data.wishlist_id === null ? 0 : 1 },
      );
      return queryClient.invalidateQueries({ queryKey: seeAllQueryKey });
    },
  });
}
