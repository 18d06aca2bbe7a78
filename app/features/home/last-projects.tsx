import { Link } from 'react-router';
import type { Project } from '../../../core/types';
import { ResponsiveImage } from '../../ui/responsive-image';

/** The most recent projects, alternating image left and right, with year, name and Read. */
export function LastProjects({ projects }: { projects: Project[] }) {
  if (projects.length === 0) {
    return <p className="empty-state">No projects yet. Add projects in the dashboard to show them here.</p>;
  }
  return (
    <ol className="last-projects">
      {projects.map((project) => (
        <li key={project.id} className="last-projects__item">
          <ResponsiveImage
            image={project.imageDetails.find((image) => image.path === project.image) ?? project.imageDetails[0]}
            alt={project.imageDetails[0]?.alt ?? project.title}
            sizes="(min-width: 900px) 560px, 92vw"
            className="last-projects__image"
          />
          <div className="last-projects__text">
            <p className="last-projects__year">{project.year}</p>
            <h3>{project.title}</h3>
            <p>{project.location}</p>
            <Link to={`/project/${project.id}`} className="button button--ghost" aria-label={`Read: ${project.title}`}>
              Read
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}
