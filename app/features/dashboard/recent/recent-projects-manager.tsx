import { useState } from 'react';
import { HOME_RECENT_PROJECTS } from '../../../../core/constants';
import { formatDate } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { NoticeArea, useNotice } from '../notice';
import { ProjectFlagButton, ProjectFlagItem, ProjectFlagLine } from '../projects/project-flag-item';
import type { ProjectSummary } from '../projects/project-summary';
import { useProjectFlags } from '../projects/use-project-flags';
import { SortableList } from '../sortable-list';
import { byId, useOrderMove } from '../use-order-move';
import { isRecentSort, RECENT_SORTS, type RecentSort, searchAndSort } from './recent-order';
import './recent-projects.css';

/**
 * The Recent Projects Manager (SPEC section 2): search, four sort orders and the site's own (where projects are
 * dragged into order, decision 041), and Add to / Remove from Recent on each project. The help text says how
 * the home page's loader (app/routes/public/home.server.ts) picks from them.
 */
export function RecentProjectsManager({ projects }: { projects: ProjectSummary[] }) {
  const zone = useSiteTimeZone();
  const notice = useNotice();
  const flags = useProjectFlags(notice);
  const move = useOrderMove(notice.showError);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<RecentSort>('created');
  const selected = projects.filter((project) => project.showInRecent).length;
  const shown = searchAndSort(projects, search, sort);
  const created = (project: ProjectSummary) => <p>Created {formatDate(project.createdAt, zone)}</p>;
  const controls = (project: ProjectSummary) => (
    <>
      <span className={project.showInRecent ? 'recent-tag recent-tag--on' : 'recent-tag'}>
        {project.showInRecent ? 'In Recent' : 'Not in Recent'}
      </span>
      <ProjectFlagButton project={project} flag="showInRecent" flags={flags} />
    </>
  );

  return (
    <>
      <header className="dashboard-page-header">
        <h1>Recent Projects</h1>
      </header>
      <div className="recent-manager__help">
        <p>
          The home page&apos;s Last Projects section shows the {HOME_RECENT_PROJECTS} newest (by date created) of the
          projects in Recent, in the site&apos;s order: choose Sort by Site order to drag them into another. While none
          is in Recent, it shows the {HOME_RECENT_PROJECTS} newest projects instead.
        </p>
        <p className="recent-manager__count">
          {selected} {selected === 1 ? 'project is' : 'projects are'} in Recent; the home page shows{' '}
          {HOME_RECENT_PROJECTS}.
          {selected > HOME_RECENT_PROJECTS && ` Only the ${HOME_RECENT_PROJECTS} newest of them appear there.`}
        </p>
      </div>
      <NoticeArea notice={notice.notice} onDismiss={notice.clear} />
      <div className="dashboard-toolbar">
        <label>
          Search projects
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(event) => isRecentSort(event.target.value) && setSort(event.target.value)}>
            {RECENT_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="recent-manager__order">
        Date Created and Project Year sort newest first; Title and Category sort A to Z; Site order is the order the
        public pages use.
      </p>
      <section aria-labelledby="recent-list-heading">
        <h2 id="recent-list-heading" className="visually-hidden">
          Projects
        </h2>
        {shown.length === 0 ? (
          <p className="empty-state">
            {projects.length === 0 ? 'No projects yet. Add projects first.' : 'No projects match the search.'}
          </p>
        ) : sort === 'order' ? (
          <SortableList
            label="Projects"
            className="project-flag-list"
            itemClassName="project-flag-item"
            items={shown}
            idOf={(project) => project.id}
            labelOf={(project) => project.title}
            onMove={(project, neighbours) => move(`/api/projects/${project.id}/position`, byId(neighbours))}
            renderItem={(project, handle) => (
              <ProjectFlagLine project={project} details={created(project)}>
                {handle}
                {controls(project)}
              </ProjectFlagLine>
            )}
          />
        ) : (
          <ul className="project-flag-list" aria-label="Projects">
            {shown.map((project) => (
              <ProjectFlagItem key={project.id} project={project} details={created(project)}>
                {controls(project)}
              </ProjectFlagItem>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
