import { useRef, useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import type { Project } from '../../../../core/types';
import { ConfirmDialog } from '../../../ui/modal';
import { dashboardRequest, withDetail } from '../dashboard-api';
import { NoticeArea, useNotice } from '../notice';
import { type ProjectActions, ProjectCard, type ProjectsView } from './project-card';
import { ProjectFormDialog } from './project-form';
import { ProjectImageManager } from './project-image-manager';
import { ALL_CATEGORIES, categoryChoices, searchProjects } from './project-search';
import { useProjectFlags } from './use-project-flags';
import { useFormSubmit } from '../use-form-submit';
import { SortableList } from '../sortable-list';
import { byId, useOrderMove } from '../use-order-move';
import './projects.css';

/** Which dialog is open, naming the project by id so that it shows the reloaded data. */
type OpenDialog = { kind: 'add' } | { kind: 'edit' | 'images' | 'delete'; projectId: number } | null;

/**
 * The Projects Manager: search, category filter, list or detail view, the dialogs that change projects, and the
 * projects' order, which the public lists follow (each dragged, or moved from the keyboard, by its handle;
 * decision 041). A filtered list moves each project next to the one it is dropped by.
 */
export function ProjectsManager({ projects }: { projects: Project[] }) {
  const notice = useNotice();
  const flags = useProjectFlags(notice);
  // Changes made elsewhere (another tab, another page of the dashboard) show up on return (SPEC section 4): the
  // dashboard's layout runs every loader again when the window regains focus.
  const { submit, busy: deleting } = useFormSubmit();
  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [view, setView] = useState<ProjectsView>('list');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const move = useOrderMove(notice.showError);

  const shown = searchProjects(projects, { text: searchText, category });
  const chosen =
    dialog && dialog.kind !== 'add' ? projects.find((project) => project.id === dialog.projectId) : undefined;
  const close = () => setDialog(null);

  const actions: ProjectActions = {
    onEdit: (project) => setDialog({ kind: 'edit', projectId: project.id }),
    onManageImages: (project) => setDialog({ kind: 'images', projectId: project.id }),
    onDelete: (project) => setDialog({ kind: 'delete', projectId: project.id }),
    onToggle: (project, flag) => void flags.toggle(project, flag),
    isUpdating: flags.isUpdating,
  };

  function saved(project: Project, created: boolean) {
    close();
    notice.showSuccess(`Project "${project.title}" ${created ? 'created' : 'updated'}.`);
  }

  function cancelled(outcome: string) {
    close();
    notice.showSuccess(outcome);
  }

  async function deleteProject(project: Project) {
    const result = await submit({ send: () => dashboardRequest('DELETE', `/api/projects/${project.id}`) });
    close();
    if (!result.ok) return notice.showError(withDetail(MESSAGES.errorDeletingProject, result));
    notice.showSuccess(MESSAGES.movedToTrash(project.title));
    // Its Delete button, where focus came back to, is gone with it.
    heading.current?.focus();
  }

  return (
    <>
      <header className="dashboard-page-header">
        <h1 ref={heading} tabIndex={-1}>
          Projects
        </h1>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'add' })}>
          Add Project
        </button>
      </header>
      <div className="projects-notice">
        <NoticeArea notice={notice.notice} onDismiss={notice.clear} />
      </div>
      <div className="dashboard-toolbar projects-toolbar">
        <search className="projects-toolbar__search">
          <label>
            Search
            <input
              type="search"
              value={searchText}
              placeholder="Title, location, client or description"
              onChange={(event) => setSearchText(event.target.value)}
            />
          </label>
          <label>
            Category
            <select value={category} onChange={(event) => setCategory(event.target.value)}>
              {categoryChoices(projects).map((choice) => (
                <option key={choice}>{choice}</option>
              ))}
            </select>
          </label>
        </search>
        <div className="projects-toolbar__views" role="group" aria-label="View">
          {(['list', 'detail'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="button button--ghost button--small"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'list' ? 'List view' : 'Detail view'}
            </button>
          ))}
        </div>
      </div>
      <p className="projects-count" role="status">
        {shown.length === projects.length
          ? `${projects.length} ${projects.length === 1 ? 'project' : 'projects'}`
          : `Showing ${shown.length} of ${projects.length} projects`}
      </p>
      {projects.length === 0 ? (
        <p className="empty-state">No projects yet. Add the first one with Add Project.</p>
      ) : shown.length === 0 ? (
        <p className="empty-state">No projects match your search.</p>
      ) : (
        <SortableList
          className={`projects-list projects-list--${view}`}
          itemClassName="projects-list__item"
          items={shown}
          idOf={(project) => project.id}
          labelOf={(project) => project.title}
          onMove={(project, neighbours) => move(`/api/projects/${project.id}/position`, byId(neighbours))}
          renderItem={(project, handle) => (
            <>
              {handle}
              <ProjectCard project={project} view={view} actions={actions} />
            </>
          )}
        />
      )}
      {dialog?.kind === 'add' && (
        <ProjectFormDialog project={null} onSaved={saved} onCancelled={cancelled} onClose={close} />
      )}
      {dialog?.kind === 'edit' && chosen && (
        <ProjectFormDialog project={chosen} onSaved={saved} onCancelled={cancelled} onClose={close} />
      )}
      {dialog?.kind === 'images' && chosen && (
        <ProjectImageManager project={chosen} onCancelled={cancelled} onClose={close} />
      )}
      {dialog?.kind === 'delete' && chosen && (
        <ConfirmDialog
          title="Delete project"
          message={MESSAGES.moveToTrashQuestion(chosen.title)}
          confirmLabel={MESSAGES.moveToTrash}
          busy={deleting}
          onConfirm={() => void deleteProject(chosen)}
          onCancel={close}
        />
      )}
    </>
  );
}
