import { Table } from '@mantine/core';
import type { VideoDetail } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/date.ts';
import { formatDuration } from '../../../../lib/duration.ts';

/** Details: the video's facts as a two-column table. */
export function DetailsTab({ video }: { video: VideoDetail }) {
  const { t, i18n } = useTranslation('browse');
  const number = new Intl.NumberFormat(i18n.language);
  const experts = video.cast_crews.map((expert) => expert.name).join(', ');
  // [label, value, the value is content (names, the catalog's words) rather than the app's]
  const rows: Array<[string, string, boolean]> = [
    [t('details.category'), video.category_name, true],
    [t('details.subCategory'), video.sub_category_name, true],
    [t('details.length'), formatDuration(video.duration), false],
    [t('details.published'), formatDate(video.publish_time), false],
    [t('details.experts'), experts || t('details.none'), experts !== ''],
    [t('details.audience'), video.age, true],
    [t('details.likes'), number.format(video.likes), false],
    [t('details.dislikes'), number.format(video.dislikes), false],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value, content]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
            <Table.Td translate={content ? 'no' : undefined}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
