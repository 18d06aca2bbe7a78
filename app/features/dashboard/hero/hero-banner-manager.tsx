import { useId, useState } from 'react';
import { HERO_AUTO_ADVANCE_MS } from '../../../../core/constants';
import type { Project } from '../../../../core/types';
import { NoticeArea, useNotice } from '../notice';
import { ProjectFlagButton, ProjectFlagItem, ProjectFlagLine } from '../projects/project-flag-item';
import type { ProjectSummary } from '../projects/project-summary';
import { useProjectFlags } from '../projects/use-project-flags';
import { SortableList } from '../sortable-list';
import { byId, useOrderMove } from '../use-order-move';
import { HeroProjectForm } from './hero-project-form';
import './hero-banner.css';

/**
 * One of the manager's two lists, each project with its Add to / Remove from Hero. The hero's slides come in the
 * carousel's order, which their handles change (decision 041): one order of projects, the hero shows its part.
 */
function HeroSection({
  heading,
  listLabel,
  projects,
  flags,
  empty,
  onMove,
}: {
  heading: string;
  listLabel: string;
  projects: ProjectSummary[];
  flags: ReturnType<typeof useProjectFlags>;
  empty: string;
  onMove?: ReturnType<typeof useOrderMove>;
}) {
  const headingId = useId();
  const button = (project: ProjectSummary) => <ProjectFlagButton project={project} flag="featured" flags={flags} />;
  return (
    <section aria-labelledby={headingId} className="hero-manager__section">
      <h2 id={headingId}>{heading}</h2>
      {projects.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : onMove ? (
        <SortableList
          label={listLabel}
          className="project-flag-list"
          itemClassName="project-flag-item"
          items={projects}
          idOf={(project) => project.id}
          labelOf={(project) => project.title}
          onMove={(project, neighbours) => onMove(`/api/projects/${project.id}/position`, byId(neighbours))}
          renderItem={(project, handle) => (
            <ProjectFlagLine project={project}>
              {handle}
              {button(project)}
            </ProjectFlagLine>
          )}
        />
      ) : (
        <ul className="project-flag-list" aria-label={listLabel}>
          {projects.map((project) => (
            <ProjectFlagItem key={project.id} project={project}>
              {button(project)}
            </ProjectFlagItem>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The Hero Banner Manager (SPEC section 2): the featured projects the home
 * page's hero carousel shows, in its order (the owner's), the other
 * projects that can join it, and the add form.
 */
export function HeroBannerManager({ projects }: { projects: ProjectSummary[] }) {
  const notice = useNotice();
  const flags = useProjectFlags(notice);
  const move = useOrderMove(notice.showError);
  const [adding, setAdding] = useState(false);
  const heroProjects = projects.filter((project) => project.featured);
  const otherProjects = projects.filter((project) => !project.featured);

  function added(project: Project) {
    setAdding(false);
    notice.showSuccess(
      project.featured ? `"${project.title}" added to the hero banner.` : `"${project.title}" added to the projects.`,
    );
  }

  return (
    <>
      <header className="dashboard-page-header">
        <h1>Hero Banner</h1>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add Hero Project
        </button>
      </header>
      <p className="hero-manager__help">
        The home page&apos;s hero carousel shows the featured projects below, in this order, moving on every{' '}
        {HERO_AUTO_ADVANCE_MS / 1000} seconds. Drag a project by its handle to change the order, or press Space on the
        handle and use the arrow keys.
      </p>
      <NoticeArea notice={notice.notice} onDismiss={notice.clear} />
      <HeroSection
        heading={`In the hero banner (${heroProjects.length})`}
        listLabel="Hero banner slides"
        onMove={move}
        projects={heroProjects}
        flags={flags}
        empty="No projects are in the hero banner yet. Add one from the list below or with Add Hero Project."
      />
      <HeroSection
        heading={`Other projects (${otherProjects.length})`}
        listLabel="Projects not in the hero banner"
        projects={otherProjects}
        flags={flags}
        empty="Every project is in the hero banner."
      />
      {adding && (
        <HeroProjectForm
          onSaved={added}
          onCancelled={(outcome) => {
            setAdding(false);
            notice.showSuccess(outcome);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
