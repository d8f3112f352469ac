import { HomePage } from '../features/learning/pages/home-page.tsx';
import { OurLessonsShelf } from '../features/studio/components/our-lessons-shelf.tsx';

/** Home (learning) with the organization's own published lessons (studio) under the learning path. */
export function HomeComposedPage() {
  return <HomePage below={<OurLessonsShelf />} />;
}
