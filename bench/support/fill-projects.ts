import { type Db, migrateToLatest } from '../../server/db/database';
import { spreadKeys } from '../../server/services/content/sort-key';
import { missingVariants } from '../../server/services/media/images';

export const PROJECT_COUNT = 1000;

/** Migrates `db`, fills it with PROJECT_COUNT projects of three images each (rows only), and closes it. */
export async function fillProjects(db: Db): Promise<void> {
  await migrateToLatest(db);
  const now = Date.now();
  const projectKeys = spreadKeys(PROJECT_COUNT);
  const imageKeys = spreadKeys(3);
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < PROJECT_COUNT; index += 1) {
      const stamp = new Date(now - index * 60_000).toISOString();
      const { id } = await trx
        .insertInto('projects')
        .values({
          title: `Project ${index}`,
          description: 'A courtyard house of rammed earth and timber, oriented to the winter sun.',
          year: 2021 + (index % 6),
          location: ['Thimphu', 'Paro', 'Punakha', 'Bumthang'][index % 4]!,
          category: ['Architecture', 'Office', 'Private Homes', 'Hospitality'][index % 4]!,
          status: 'Completed',
          client: 'A client',
          designTeam: 'Lead architect, structural engineer',
          featured: index % 50 === 0 ? 1 : 0,
          showInRecent: index % 10 === 0 ? 1 : 0,
          coverMediaId: null,
          date: '',
          createdAt: stamp,
          updatedAt: stamp,
          // Published, as a studio's projects are: without it each would be a draft, a 404 to visitors.
          publishedAt: stamp,
          sortKey: projectKeys[index]!,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let position = 0; position < 3; position += 1) {
        const base = `project/bench-${id}-${position}`;
        // The variants the server asks for, so that its start-up finds none missing and adds none while measured.
        const variants = missingVariants(1200, []).map(({ width, format }) => ({
          path: `${base}-${width}.${format}`,
          width,
          height: (width * 2) / 3,
          format,
        }));
        const media = await trx
          .insertInto('mediaItems')
          .values({
            name: 'photo.jpg',
            path: `${base}.jpg`,
            mime: 'image/jpeg',
            bytes: 120_000,
            width: 1200,
            height: 800,
            variants: JSON.stringify(variants),
            purpose: 'project',
            createdAt: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('projectImages')
          .values({ projectId: id, mediaId: media.id, sortKey: imageKeys[position]!, alt: '' })
          .execute();
      }
    }
  });
  await db.destroy();
}
