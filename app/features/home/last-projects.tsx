import { Link } from 'react-router';
import { FALLBACK_IMAGE } from '../../../core/constants';
import type { ProjectCard } from '../../../core/project-card';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';

/** The most recent projects, alternating image left and right, with year, name and Read; the page draws it only with some. */
export function LastProjects({ projects }: { projects: ProjectCard[] }) {
  return (
    <ol className="last-projects">
      {projects.map((project) => {
        return (
          <li key={project.id} className="last-projects__item">
            <ResponsiveImage
              image={project.cover}
              src={FALLBACK_IMAGE}
              alt={project.cover?.alt ?? project.title}
              sizes={IMAGE_SIZES.lastProject}
              deferred
              className="last-projects__image"
            />
            <div className="last-projects__text">
              <p className="last-projects__year">{project.year}</p>
              <h3>{project.title}</h3>
              <p>{project.location}</p>
              <Link
                to={`/project/${project.id}`}
                className="button button--ghost"
                aria-label={`Read: ${project.title}`}
              >
                Read
              </Link>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
