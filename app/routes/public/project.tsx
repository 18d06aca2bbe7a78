import { useState } from 'react';
import { data, Link } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { socialImagePath } from '../../../core/focal-point';
import { resolveImageUrl } from '../../../core/image-url';
import { projectCover } from '../../../core/project-cover';
import { recordIdFrom } from '../../../core/record-id';
import { LISTING_PAGES } from '../../../core/site-structure';
import { DesignTeamModal } from '../../features/projects/design-team-modal';
import { ProjectGallery } from '../../features/projects/project-gallery';
import { RefreshButton } from '../../features/projects/refresh-button';
import { RelatedProjects } from '../../features/projects/related-projects';
import { absoluteUrl, pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { PreviewNotice } from '../../ui/preview-notice';
import type { Route } from './+types/project';
import { loadProject } from './project.server';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = recordIdFrom(params.id);
  const loaded = id === undefined ? null : await loadProject(context, id, request);
  if (!loaded) throw data(null, { status: 404 });
  return loaded;
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  if (!loaded) {
    return pageMeta(site, {
      title: titleWithBrand(site, MESSAGES.projectNotFound),
      description: MESSAGES.projectNotFoundDetail,
      noindex: true,
    });
  }
  const { project, unpublished } = loaded;
  const cover = projectCover(project);
  const siteUrl = site?.siteUrl ?? '';
  // The networks crop to 1.91:1: the cover's own crop keeps its subject (decision 042).
  const image = project.seoImage ?? (cover.image ? socialImagePath(cover.image) : cover.path);
  return pageMeta(site, {
    title: titleWithBrand(site, project.title, 'Projects'),
    description: project.seoDescription ?? project.description.slice(0, 200),
    path: `/project/${project.id}`,
    image: image ? resolveImageUrl(image) : undefined,
    imageAlt: project.seoImage ? project.title : cover.alt,
    noindex: unpublished,
    jsonLd: unpublished
      ? undefined
      : {
          '@context': 'https://schema.org',
          '@type': 'CreativeWork',
          name: project.title,
          description: project.seoDescription ?? project.description,
          dateCreated: String(project.year),
          locationCreated: { '@type': 'Place', name: `${project.location}, Bhutan` },
          genre: project.category,
          creativeWorkStatus: project.status,
          // The owner's social image, then the cover: search engines take the first image as the work's picture.
          image: [project.seoImage ?? '', cover.path, ...project.images.filter((path) => path !== cover.path)]
            .filter(Boolean)
            .map((path) => absoluteUrl(siteUrl, resolveImageUrl(path))),
          creator: { '@type': 'Organization', name: site?.settings.brandName },
          url: `${siteUrl}/project/${project.id}`,
        },
  });
}

/** Where a visitor can see more of this category, when a listing page gathers it. */
function listingFor(category: string) {
  return (
    LISTING_PAGES.find((page) => page.categories.length === 1 && page.categories.includes(category)) ??
    LISTING_PAGES.find((page) => page.categories.includes(category))
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const [project, setProject] = useState(loaderData.project);
  const [teamOpen, setTeamOpen] = useState(false);
  const listing = listingFor(project.category);

  return (
    <article className="project">
      {loaderData.unpublished && <PreviewNotice of="project" scheduledAt={project.publishedAt} />}
      <header className="page-hero">
        <div className="container">
          <span className="eyebrow">{project.category}</span>
          <h1>{project.title}</h1>
          <p>
            {project.location}, {project.year}
          </p>
        </div>
      </header>
      <div className="container project__body">
        <ProjectGallery key={project.images.join()} images={project.imageDetails} title={project.title} />
        <div className="project__details">
          <table className="project__info">
            <caption className="visually-hidden">Project information</caption>
            <tbody>
              <tr>
                <th scope="row">Year</th>
                <td>{project.year}</td>
              </tr>
              <tr>
                <th scope="row">Location</th>
                <td>{project.location}</td>
              </tr>
              <tr>
                <th scope="row">Category</th>
                <td>{project.category}</td>
              </tr>
              <tr>
                <th scope="row">Status</th>
                <td>{project.status}</td>
              </tr>
              {project.client && (
                <tr>
                  <th scope="row">Client</th>
                  <td>{project.client}</td>
                </tr>
              )}
              {project.designTeam && (
                <tr>
                  <th scope="row">Design Team</th>
                  <td>
                    <button type="button" className="link-button" onClick={() => setTeamOpen(true)}>
                      View the design team
                    </button>
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <div>
            <h2>About the project</h2>
            <p className="prose">{project.description}</p>
            <p className="project__category">
              Category: {listing ? <Link to={listing.path}>{project.category}</Link> : project.category}
            </p>
            <RefreshButton projectId={project.id} onUpdated={setProject} />
          </div>
        </div>
      </div>
      <RelatedProjects projects={loaderData.related} />
      {teamOpen && <DesignTeamModal team={project.designTeam} onClose={() => setTeamOpen(false)} />}
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page-hero">
      <div className="container">
        <h1>{MESSAGES.projectNotFound}</h1>
        <p>{MESSAGES.projectNotFoundDetail}</p>
        <Link className="button button--light" to="/">
          Go Back to Home
        </Link>
      </div>
    </section>
  );
}
