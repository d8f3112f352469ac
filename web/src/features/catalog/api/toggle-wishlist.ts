import type { VideoDetail, WishlistData, WishlistRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { seeAllQueryKey } from './get-see-all.ts';
import { videoQueryKey } from './get-video.ts';

/** POST wishlists/operations: adds the video to My List, or takes it out. */
export function toggleWishlist(videoId: number) {
  const body: WishlistRequest = { admin_video_id: videoId };
  return apiRequest<WishlistData>('/api/wishlists/operations', { method: 'POST', json: body });
}

export function useToggleWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleWishlist,
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
