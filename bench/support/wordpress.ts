/**
 * The peer of `npm run bench:peers` (issue 28): WordPress 6.1 from Debian bookworm on Apache 2.4 with mod_php 8.2
 * (OPcache on, Debian's default) and the MariaDB of these machines, theme Twenty Twenty-Three, set up as a newcomer
 * following Debian's README.Debian would; and the same WordPress behind Debian's mod_cache + mod_cache_disk, set as
 * Apache's caching guide says for pages that carry no validator. Everything here runs as root and is idempotent.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { demoBlogs, type DemoImage, demoProjects } from '../../server/demo/demo-content';
import { drawImage } from '../../server/demo/seed-demo';

const PACKAGES = [
  'wordpress',
  'wordpress-theme-twentytwentythree',
  'apache2',
  'libapache2-mod-php',
  'php-mysql',
  'mariadb-client',
  'wrk',
];
/** Debian's wp-config.php reads /etc/wordpress/config-<WORDPRESS_CONFIG>.php when Apache sets that variable. */
const CONFIG_NAME = 'peer-bench';
const CONFIG_FILE = `/etc/wordpress/config-${CONFIG_NAME}.php`;
const DATABASE = 'peer_bench_wordpress';
const DATABASE_USER = 'peer_bench';
const POST_COUNT = 6;
/** Changing what is seeded changes this, so the next run seeds again instead of keeping the old posts. */
const SEED_VERSION = 'demo-v1';
const APACHE = '/usr/sbin/apache2';
const MARIADB = '/usr/sbin/mariadbd';

function installed(pkg: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }) === 'install ok installed';
  } catch {
    return false;
  }
}

/** `apt-get install` what is missing; the package lists are refreshed only when a package cannot be found. */
export function ensureDebianPackages(): void {
  const missing = PACKAGES.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  console.log(`peers: apt-get install ${missing.join(' ')}`);
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-suggests', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    install();
  }
}

function sql(statements: string): string {
  return execFileSync('mariadb', ['--protocol=tcp', '-h127.0.0.1', '-P3306', '-uroot', '-N', '-e', statements], {
    encoding: 'utf8',
  });
}

/** The MariaDB these machines run, started the way their image starts it when it is down. */
export async function ensureMariadb(): Promise<void> {
  const up = () => {
    try {
      sql('SELECT 1');
      return true;
    } catch {
      return false;
    }
  };
  if (up()) return;
  console.log('peers: starting MariaDB');
  execFileSync('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', MARIADB]);
  for (let attempt = 0; !up(); attempt += 1) {
    if (attempt > 100) throw new Error('MariaDB did not answer at 127.0.0.1:3306 within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Debian's per-site configuration; the site's address follows the Host asked, so both ports serve it whole. */
function siteConfig(password: string): string {
  const keys = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT'];
  return `<?php
// Written by the studio site's bench/support/wordpress.ts (npm run bench:peers); rewritten on each run.
define('DB_NAME', '${DATABASE}');
define('DB_USER', '${DATABASE_USER}');
define('DB_PASSWORD', '${password}');
define('DB_HOST', 'localhost');
define('DB_CHARSET', 'utf8mb4');
${[...keys, 'LOGGED_IN_SALT', 'NONCE_SALT'].map((key) => `define('${key}', '${randomBytes(32).toString('hex')}');`).join('\n')}
define('WP_HOME', 'http://' . $_SERVER['HTTP_HOST']);
define('WP_SITEURL', WP_HOME);
define('WP_CONTENT_DIR', '/var/lib/wordpress/wp-content');
`;
}

/** Six posts from the demo's writing (its posts, then its projects), each with its demo JPEG as featured image. */
function seedPosts(): { title: string; content: string; excerpt: string; image: DemoImage }[] {
  const fromBlogs = demoBlogs.map((blog) => ({
    title: blog.title,
    content: blog.content,
    excerpt: blog.excerpt,
    image: blog.image,
  }));
  const fromProjects = demoProjects.map((project) => ({
    title: project.title,
    content: `<p>${project.description}</p>`,
    excerpt: project.description,
    image: project.images[project.coverIndex ?? 0]!,
  }));
  return [...fromBlogs, ...fromProjects].slice(0, POST_COUNT);
}

/**
 * The database and its user, Debian's configuration file, WordPress installed (`wp_install`), Twenty Twenty-Three,
 * pretty permalinks and the six posts: bench/support/wordpress-setup.php, which skips what is done already.
 * Answers the published posts' paths, newest first.
 */
export async function setUpWordpress(folder: string, host: string): Promise<string[]> {
  const password = randomBytes(16).toString('hex');
  sql(
    `CREATE DATABASE IF NOT EXISTS ${DATABASE} CHARACTER SET utf8mb4; ` +
      `CREATE USER IF NOT EXISTS '${DATABASE_USER}'@'localhost'; ` +
      `ALTER USER '${DATABASE_USER}'@'localhost' IDENTIFIED BY '${password}'; ` +
      `GRANT ALL ON ${DATABASE}.* TO '${DATABASE_USER}'@'localhost';`,
  );
  fs.writeFileSync(CONFIG_FILE, siteConfig(password), { mode: 0o640 });
  execFileSync('chgrp', ['www-data', CONFIG_FILE]);

  const posts = await Promise.all(
    seedPosts().map(async (post, index) => {
      const file = await drawImage(post.image);
      const image = path.join(folder, `seed-${index}.jpg`);
      fs.writeFileSync(image, file.buffer);
      return { ...post, image, imageName: file.originalName, alt: post.image.alt };
    }),
  );
  const plan = path.join(folder, 'seed-plan.json');
  fs.writeFileSync(plan, JSON.stringify({ config: CONFIG_NAME, host, seed: SEED_VERSION, posts }));
  const output = execFileSync('php', [path.join(import.meta.dirname, 'wordpress-setup.php'), plan], {
    encoding: 'utf8',
  });
  const result = JSON.parse(output) as { seeded: boolean; posts: string[] };
  console.log(
    result.seeded
      ? `peers: WordPress installed and seeded with ${result.posts.length} posts`
      : `peers: WordPress already seeded (${result.posts.length} posts)`,
  );
  if (result.posts.length !== POST_COUNT)
    throw new Error(`WordPress has ${result.posts.length} posts, not ${POST_COUNT}`);
  return result.posts;
}

/** The modules Debian's apache2 package enables, and mod_php's; mod_rewrite for pretty permalinks. */
const MODULES = [
  'mpm_prefork',
  'access_compat',
  'alias',
  'auth_basic',
  'authn_core',
  'authn_file',
  'authz_core',
  'authz_host',
  'authz_user',
  'autoindex',
  'deflate',
  'dir',
  'env',
  'filter',
  'mime',
  'negotiation',
  'php8.2',
  'reqtimeout',
  'setenvif',
  'status',
  'rewrite',
];

/**
 * Apache as Debian's apache2.conf sets it (prefork, KeepAlive 5 s, the modules' own .conf files) with the
 * WordPress site of README.Debian's "defined Virtual host" and the permalink rules of /etc/wordpress/htaccess.
 * With `cached`, mod_cache_disk in front of it all: WordPress's pages carry neither Last-Modified nor an expiry, so
 * they are cached only with CacheIgnoreNoLastMod and CacheDefaultExpire, as Apache's caching guide explains.
 */
function apacheConfig(folder: string, port: number, cached: boolean): string {
  const modules = cached ? [...MODULES, 'cache', 'cache_disk'] : MODULES;
  // Every module first, then their settings, as apache2.conf includes them: deflate.conf asks for mod_filter.
  const includes = [
    ...modules.map((module) => `Include mods-available/${module}.load`),
    ...modules
      .filter((module) => fs.existsSync(`/etc/apache2/mods-available/${module}.conf`))
      .map((module) => `Include mods-available/${module}.conf`),
  ];
  return `ServerRoot /etc/apache2
DefaultRuntimeDir ${folder}
PidFile ${folder}/apache2.pid
Timeout 300
KeepAlive On
MaxKeepAliveRequests 100
KeepAliveTimeout 5
User www-data
Group www-data
HostnameLookups Off
ErrorLog ${folder}/error.log
LogLevel warn
${includes.join('\n')}
Listen 127.0.0.1:${port}
ServerName 127.0.0.1
<Directory />
  Options FollowSymLinks
  AllowOverride None
  Require all denied
</Directory>
<Directory /usr/share>
  AllowOverride None
  Require all granted
</Directory>
AccessFileName .htaccess
<FilesMatch "^\\.ht">
  Require all denied
</FilesMatch>
LogFormat "%h %l %u %t \\"%r\\" %>s %O \\"%{Referer}i\\" \\"%{User-Agent}i\\"" combined
${
  cached
    ? `CacheRoot ${folder}/cache
CacheDirLevels 2
CacheDirLength 1
CacheQuickHandler on
CacheEnable disk /
CacheIgnoreNoLastMod On
CacheDefaultExpire 600
CacheIgnoreHeaders Set-Cookie
CacheLock on
CacheLockPath ${folder}/cache-lock
CacheLockMaxAge 5
CacheHeader on
`
    : ''
}<VirtualHost 127.0.0.1:${port}>
  DocumentRoot /usr/share/wordpress
  DirectoryIndex index.php index.html
  CustomLog ${folder}/access.log combined
  SetEnv WORDPRESS_CONFIG ${CONFIG_NAME}
  Alias /wp-content /var/lib/wordpress/wp-content
  RewriteEngine On
  RewriteCond %{REQUEST_URI} !^/wp-content/
  RewriteCond %{DOCUMENT_ROOT}%{REQUEST_URI} !-f
  RewriteCond %{DOCUMENT_ROOT}%{REQUEST_URI} !-d
  RewriteRule ^/. /index.php [L]
  <Directory /usr/share/wordpress>
    Options FollowSymLinks
    Require all granted
  </Directory>
  <Directory /var/lib/wordpress/wp-content>
    Options FollowSymLinks
    Require all granted
  </Directory>
</VirtualHost>
`;
}

export interface Apache {
  url: string;
  child: ChildProcess;
  /** From the spawn to the home page's first 200. */
  coldStartMs: number;
}

/** One Apache of its own in `folder` (its configuration, logs, cache), in the foreground: its pid is the tree's root. */
export async function startApache(folder: string, port: number, cached: boolean): Promise<Apache> {
  fs.mkdirSync(folder, { recursive: true });
  fs.chmodSync(folder, 0o755);
  if (cached) {
    for (const dir of ['cache', 'cache-lock']) {
      fs.mkdirSync(path.join(folder, dir), { recursive: true });
      execFileSync('chown', ['www-data:www-data', path.join(folder, dir)]);
    }
  }
  const config = path.join(folder, 'apache2.conf');
  fs.writeFileSync(config, apacheConfig(folder, port, cached));
  execFileSync(APACHE, ['-t', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const startedAt = performance.now();
  // A group of its own: prefork's parent ends its children by signalling its whole process group, which would
  // otherwise be this script's.
  const child = spawn(APACHE, ['-f', config, '-DFOREGROUND'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Apache exited with ${child.exitCode}: see ${folder}/error.log`);
    const answer = await fetch(`${url}/`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (performance.now() - startedAt > 30_000)
      throw new Error(`Apache on ${url} gave no 200 in 30 s (last: ${answer?.status ?? 'no answer'})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url, child, coldStartMs: performance.now() - startedAt };
}
