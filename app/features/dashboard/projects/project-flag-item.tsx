import type { ReactNode } from 'react';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { PublicationBadge } from '../publish-at-field';
import type { ProjectSummary } from './project-summary';
import type { ProjectFlag, useProjectFlags } from './use-project-flags';
import './project-flags.css';

const BUTTON_TEXT: Record<ProjectFlag, { add: string; remove: string }> = {
  featured: { add: 'Add to Hero', remove: 'Remove from Hero' },
  showInRecent: { add: 'Add to Recent', remove: 'Remove from Recent' },
};

const titleId = (project: ProjectSummary) => `project-${project.id}-title`;

interface ProjectFlagProps {
  project: ProjectSummary;
  /** More facts after category, year and location. */
  details?: ReactNode;
  children: ReactNode;
}

/** A project's line in the hero-banner and recent-projects managers: cover, title, facts, then its controls. */
export function ProjectFlagItem(props: ProjectFlagProps) {
  return (
    <li className="project-flag-item">
      <ProjectFlagLine {...props} />
    </li>
  );
}

/** What a project's line holds, for a list item made elsewhere (a sortable list's, with the class above). */
export function ProjectFlagLine({ project, details, children }: ProjectFlagProps) {
  return (
    <>
      <ResponsiveImage
        image={project.cover}
        alt={`Cover of ${project.title}`}
        sizes="120px"
        width={120}
        height={80}
        className="project-flag-item__image"
      />
      <div className="project-flag-item__text">
        <h3 id={titleId(project)}>{project.title}</h3>
        <p>
          {project.category} · {project.year} · {project.location}
        </p>
        {/* In the hero or the recent list, a draft still shows to nobody until it is published. */}
        <PublicationBadge publishedAt={project.publishedAt} />
        {details}
      </div>
      <div className="project-flag-item__actions">{children}</div>
    </>
  );
}

/** Add to / Remove from Hero or Recent, reading "Updating..." while its own call runs. */
export function ProjectFlagButton({
  project,
  flag,
  flags,
}: {
  project: ProjectSummary;
  flag: ProjectFlag;
  flags: ReturnType<typeof useProjectFlags>;
}) {
  const updating = flags.isUpdating(project.id);
  const text = BUTTON_TEXT[flag];
  return (
    <button
      type="button"
      className={project[flag] ? 'button button--ghost button--small' : 'button button--small'}
      aria-describedby={titleId(project)}
      disabled={updating}
      onClick={() => void flags.toggle(project, flag)}
    >
      {updating ? 'Updating...' : project[flag] ? text.remove : text.add}
    </button>
  );
}
