import { resolveImageUrl } from '../../../core/image-url';
import type { Route } from './+types/home';
import { loadHome } from './home.server';

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context.ctx);
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.settings.brandName ?? 'Studio' },
    { name: 'description', content: data?.settings.description ?? '' },
  ];
}

/** A placeholder until the public site issue builds the real home page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, featuredProjects } = loaderData;
  return (
    <main>
      <h1>{settings.brandName}</h1>
      <p>{settings.description}</p>
      <h2>Featured projects</h2>
      <ul>
        {featuredProjects.map((project) => (
          <li key={project.id}>
            <img src={resolveImageUrl(project.image)} alt={project.imageDetails[0]?.alt ?? project.title} width={120} />
            {project.title} — {project.location}, {project.year}
          </li>
        ))}
      </ul>
    </main>
  );
}
