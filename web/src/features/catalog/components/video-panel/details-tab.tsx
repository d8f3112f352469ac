import { Table } from '@mantine/core';
import type { VideoDetail } from '@mm/contract';
import { formatDate } from '../../../../lib/date.ts';
import { formatDuration } from '../../../../lib/duration.ts';

/** Details: the video's facts as a two-column table. */
export function DetailsTab({ video }: { video: VideoDetail }) {
  const rows: Array<[string, string]> = [
    ['Category', video.category_name],
    ['Sub-category', video.sub_category_name],
    ['Length', formatDuration(video.duration)],
    ['Published', formatDate(video.publish_time)],
    ['Experts', video.cast_crews.map((expert) => expert.name).join(', ') || 'None'],
    ['Audience', video.age],
    ['Likes', String(video.likes)],
    ['Dislikes', String(video.dislikes)],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
