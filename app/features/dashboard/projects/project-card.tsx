import { useId, useState } from 'react';
import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH } from '../../../../core/constants';
import { projectCover } from '../../../../core/project-cover';
import { previewPath } from '../../../../core/publication';
import type { Project } from '../../../../core/types';
import { isPublicNow } from '../publish-at';
import { PublicationBadge } from '../publish-at-field';
import { IMAGE_SIZES } from '../../../ui/image-sizes';
import { ResponsiveImage } from '../../../ui/responsive-image';
import type { ProjectFlag } from './use-project-flags';

export type ProjectsView = 'list' | 'detail';

export interface ProjectActions {
  onEdit: (project: Project) => void;
  onManageImages: (project: Project) => void;
  onDelete: (project: Project) => void;
  onToggle: (project: Project, flag: ProjectFlag) => void;
  isUpdating: (id: number) => boolean;
}

/**
 * One project in the manager: a compact row in the list view, a larger card
 * with its description and team in the detail view; the same actions in both.
 */
export function ProjectCard({
  project,
  view,
  actions,
}: {
  project: Project;
  view: ProjectsView;
  actions: ProjectActions;
}) {
  const titleId = useId();
  const cover = projectCover(project);
  const updating = actions.isUpdating(project.id);
  const visible = isPublicNow(project.publishedAt);
  // Both toggles wait for the call; only the one pressed says so.
  const [pressed, setPressed] = useState<ProjectFlag>('featured');
  const toggle = (flag: ProjectFlag) => {
    setPressed(flag);
    actions.onToggle(project, flag);
  };
  return (
    <article className={`dashboard-card project-card project-card--${view}`} aria-labelledby={titleId}>
      <ResponsiveImage
        image={cover.image}
        alt={cover.alt}
        sizes={IMAGE_SIZES.dashboardProjectCard[view]}
        className="project-card__cover"
        width={cover.image?.width ?? IMAGE_MAX_WIDTH}
        height={cover.image?.height ?? IMAGE_MAX_HEIGHT}
      />
      <div className="project-card__body">
        <h2 id={titleId} className="project-card__title">
          {project.title}
        </h2>
        <p className="project-card__meta">
          {project.category} · {project.year} · {project.location}
        </p>
        <p className="project-card__badges">
          <PublicationBadge publishedAt={project.publishedAt} />
          <span className="project-badge" data-status={project.status}>
            {project.status}
          </span>
          {project.featured && <span className="project-badge project-badge--hero">In Hero</span>}
          {project.showInRecent && <span className="project-badge project-badge--recent">In Recent</span>}
          <span className="project-card__count">
            {project.images.length} {project.images.length === 1 ? 'image' : 'images'}
          </span>
        </p>
        {view === 'detail' && (
          <>
            <p className="project-card__description">{project.description}</p>
            <dl className="project-card__facts">
              {project.client && (
                <div>
                  <dt>Client</dt>
                  <dd>{project.client}</dd>
                </div>
              )}
              {project.designTeam && (
                <div>
                  <dt>Design Team</dt>
                  <dd>{project.designTeam}</dd>
                </div>
              )}
            </dl>
          </>
        )}
      </div>
      <div className="project-card__actions">
        <button type="button" className="button button--small" onClick={() => actions.onEdit(project)}>
          Edit
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => actions.onManageImages(project)}
        >
          Manage images
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={updating}
          onClick={() => toggle('featured')}
        >
          {updating && pressed === 'featured' ? 'Updating...' : project.featured ? 'Remove from Hero' : 'Add to Hero'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={updating}
          onClick={() => toggle('showInRecent')}
        >
          {updating && pressed === 'showInRecent'
            ? 'Updating...'
            : project.showInRecent
              ? 'Remove from Recent'
              : 'Add to Recent'}
        </button>
        {visible ? (
          <a className="button button--ghost button--small" href={`/project/${project.id}`}>
            View on site
          </a>
        ) : (
          <a className="button button--ghost button--small" href={previewPath(`/project/${project.id}`)}>
            Preview<span className="visually-hidden"> {project.title}</span>
          </a>
        )}
        <button
          type="button"
          className="button button--ghost button--small project-card__delete"
          onClick={() => actions.onDelete(project)}
        >
          Delete
        </button>
      </div>
    </article>
  );
}
