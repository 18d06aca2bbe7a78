import { Link } from 'react-router';
import { FALLBACK_IMAGE } from '../../../core/constants';
import type { ProjectCard } from '../../../core/project-card';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';

/** The end of a project page: up to three projects like it, each with its cover; nothing when there are none. */
export function RelatedProjects({ projects }: { projects: ProjectCard[] }) {
  if (projects.length === 0) return null;
  return (
    <section className="related-projects container" aria-labelledby="related-projects-title">
      <h2 id="related-projects-title">Related projects</h2>
      <ul className="related-projects__list">
        {projects.map((project) => (
          <li key={project.id} className="related-projects__card">
            <ResponsiveImage
              image={project.cover}
              src={FALLBACK_IMAGE}
              alt={project.cover?.alt ?? project.title}
              sizes={IMAGE_SIZES.relatedProject}
              deferred
              className="related-projects__image"
            />
            <h3 className="related-projects__title">
              <Link to={`/project/${project.id}`}>{project.title}</Link>
            </h3>
            <p className="related-projects__meta">
              {project.category} · {project.location} · {project.year}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
