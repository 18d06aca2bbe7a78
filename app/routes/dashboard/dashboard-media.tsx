import { MediaLibrary } from '../../features/dashboard/media/media-library';
import { MediaUploader } from '../../features/dashboard/media/media-uploader';
import { NoticeArea, useNotice } from '../../features/dashboard/notice';
import type { Route } from './+types/dashboard-media';
import { loadMedia } from './dashboard-media.server';
import '../../features/dashboard/media/media.css';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMedia(context, request);
}

export const meta = () => dashboardMeta('Media');

/** The Media Manager of SPEC section 2: upload (with the crop dialog) and the library of uploaded images. */
export default function DashboardMedia({ loaderData }: Route.ComponentProps) {
  const { notice, showSuccess, showError, clear } = useNotice();
  const report = { showSuccess, showError };
  return (
    <>
      <header className="dashboard-page-header">
        <h1>Media</h1>
      </header>
      <NoticeArea notice={notice} onDismiss={clear} />
      <MediaUploader report={report} />
      <MediaLibrary items={loaderData.media} report={report} />
    </>
  );
}
