import { useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { productions, type Production } from '../../../resources/production';
import type { ApiError } from '../../api/http';
import { ActivityCard } from '../../components/ActivityList';
import { SectionedPage, withCount, type PageSection } from '../../components/SectionedPage';
import { missingRowText, ShowPageFrame } from '../../components/ShowPageFrame';
import { useResource } from '../../engine/useResource';
import { useLiveRefresh } from '../../realtime/useLiveRefresh';
import { PRODUCTION_RESOURCES, productionPaths, useProductionRefresh } from './production-api';
import { ProductionHeader } from './ProductionHeader';
import { CommentsSection } from './sections/CommentsSection';
import { CrewSection } from './sections/CrewSection';
import { ItemsSection } from './sections/ItemsSection';
import { PhotosSection } from './sections/PhotosSection';
import { SiblingsSection } from './sections/SiblingsSection';
import { StationsSection } from './sections/StationsSection';
import { TracesSection } from './sections/TracesSection';

/**
 * One production at productions/inspect/:productionId, its sections at …/:sectionId (photos also
 * take an :itemId). What the caller may do comes from the answer's can* flags.
 */
export function ProductionInspectPage() {
  const { productionId = '' } = useParams();
  const { meta } = useResource(productions);
  const { result: production, query } = useOne<Production>({ resource: productions.name, id: productionId, meta, errorNotification: false });
  // Another user's change (a review, an item, a comment) shows here without a reload, activity included.
  useLiveRefresh(productions.name, productionId, useProductionRefresh(), [PRODUCTION_RESOURCES.comments, PRODUCTION_RESOURCES.photos, PRODUCTION_RESOURCES.traces]);
  const error = query.error as ApiError | null;
  return (
    <ShowPageFrame
      backTo="/productions"
      backLabel="Productions"
      loading={query.isLoading}
      row={query.isError ? undefined : production}
      notFound={missingRowText(error, 'production')}
    >
      {(production) => {
        const sections: PageSection[] = [
          { id: 'items', label: withCount('Items', production.items.length), render: () => <ItemsSection production={production} /> },
          { id: 'stations', label: withCount('Stations', production.stationIds.length), render: () => <StationsSection production={production} /> },
          { id: 'photos', label: withCount('Photos', production.photoCount), render: () => <PhotosSection production={production} /> },
          { id: 'comments', label: withCount('Comments', production.commentCount), render: () => <CommentsSection production={production} /> },
          {
            id: 'activity',
            label: 'Activity',
            render: () => <ActivityCard subject="production" path={productionPaths(production.id).activity} pageSize={20} paged timeZone={production.projectTimezone} />,
          },
          { id: 'traces', label: 'Traces', render: () => <TracesSection production={production} /> },
          { id: 'siblings', label: 'Other crews', render: () => <SiblingsSection production={production} /> },
          { id: 'crews', label: 'Crew', render: () => <CrewSection production={production} /> },
        ];
        return (
          <SectionedPage bare pushHistory basePath={`/productions/inspect/${production.id}`} label="Production sections" header={<ProductionHeader production={production} />} sections={sections} />
        );
      }}
    </ShowPageFrame>
  );
}
