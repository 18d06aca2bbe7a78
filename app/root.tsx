import { useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './styles/index.css?url';
import { LOADING_DECISION_SCRIPT } from './features/home/loading-decision';
import { InlineScript } from './ui/inline-script';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' }];

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2830" />
        {/* With a precedence React treats it as a stylesheet resource and sends it before the script preloads. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        {pathname === '/' && <InlineScript code={LOADING_DECISION_SCRIPT} />}
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page as interactive, so browser tests do not click before React listens.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return <Outlet />;
}

/** The last resort, when even the page layout failed: no stack traces, a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A failed part's answer (entry.server.tsx) carries its words: the database or image store away, the disk full.
  const partMessage = isRouteErrorResponse(error) ? String(error.data) : '';
  const [title, text] =
    status === 404
      ? ['Page not found', 'The page you are looking for does not exist or may have been moved.']
      : status === 503
        ? ['Back in a moment', partMessage]
        : status === 507
          ? ['Not saved', partMessage]
          : ['Something went wrong', 'Please try again in a moment.'];
  return (
    <main className="container section">
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{text}</p>
      <a className="button" href="/">
        Go Back to Home
      </a>
    </main>
  );
}
