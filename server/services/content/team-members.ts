import { MESSAGES } from '../../../core/messages';
import { teamMemberCreateSchema, teamMemberUpdateSchema } from '../../../core/schemas/team-member.schema';
import type { TeamMember } from '../../../core/types';
import type { Db } from '../../db/database';
import { changeContent, type ContentTransaction } from '../cache/content-version';
import { moveToTrash } from '../trash/move-to-trash';
import { nowIso, type ServiceContext, type UploadedFile } from '../context';
import { notFound, parseInput } from '../errors';
import { findMediaItems, toImageDetails, writeWithImages } from '../media/media';
import { deleteSingleImageOwner, releaseReplacedImage } from '../media/single-image';
import { keyAtEnd, TEAM_ORDER } from './manual-order';

const TEAM_COLUMNS = ['id', 'name', 'title', 'position', 'imageMediaId'] as const;

/** In the owner's order (decision 041); a new member joins the end, so the founder, added first, leads the grid. */
async function selectTeamMembers(db: Db, id?: number): Promise<TeamMember[]> {
  let query = db.selectFrom('teamMembers').select(TEAM_COLUMNS).where('deletedAt', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('sortKey').orderBy('id').execute();
  const images = await findMediaItems(
    db,
    rows.flatMap((row) => (row.imageMediaId === null ? [] : [row.imageMediaId])),
  );
  const imageById = new Map(images.map((image) => [image.id, image]));
  return rows.map((row) => {
    const image = row.imageMediaId === null ? undefined : imageById.get(row.imageMediaId);
    return {
      id: row.id,
      name: row.name,
      title: row.title,
      position: row.position,
      image: image?.path ?? '',
      imageDetails: image ? toImageDetails(image, `Portrait of ${row.name}`) : null,
    };
  });
}

export async function listTeamMembers(ctx: ServiceContext): Promise<TeamMember[]> {
  return selectTeamMembers(ctx.db);
}

export async function getTeamMember(ctx: ServiceContext, id: number): Promise<TeamMember | null> {
  const [member] = await selectTeamMembers(ctx.db, id);
  return member ?? null;
}

async function requireTeamMember(db: Db, id: number): Promise<TeamMember> {
  const [member] = await selectTeamMembers(db, id);
  if (!member) throw notFound(MESSAGES.teamMemberNotFound);
  return member;
}

export async function createTeamMember(ctx: ServiceContext, input: unknown, image?: UploadedFile): Promise<TeamMember> {
  const fields = parseInput(teamMemberCreateSchema, input);
  return writeWithImages(ctx, image ? [image] : [], 'team', async (trx, [imageMediaId]) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('teamMembers')
      .values({
        ...fields,
        imageMediaId: imageMediaId ?? null,
        createdAt: now,
        updatedAt: now,
        sortKey: await keyAtEnd(trx, TEAM_ORDER, 'end'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { result: await requireTeamMember(trx, id), replaced: [] };
  });
}

export async function updateTeamMember(
  ctx: ServiceContext,
  id: number,
  input: unknown,
  image?: UploadedFile,
): Promise<TeamMember> {
  const fields = parseInput(teamMemberUpdateSchema, input);
  await requireTeamMember(ctx.db, id);
  return writeWithImages(ctx, image ? [image] : [], 'team', async (trx, [imageMediaId]) => {
    const old = await trx
      .selectFrom('teamMembers')
      .select('imageMediaId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('teamMembers')
      .set({ ...fields, ...(imageMediaId === undefined ? {} : { imageMediaId }), updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    const replaced = await releaseReplacedImage(trx, old.imageMediaId, imageMediaId);
    return { result: await requireTeamMember(trx, id), replaced };
  });
}

/** A team member's row, for `deleteSingleImageOwner`: see there. */
export function deleteTeamMemberRow(trx: ContentTransaction, id: number, unchangedSince?: string) {
  return deleteSingleImageOwner(trx, { table: 'teamMembers', image: 'imageMediaId' }, id, unchangedSince);
}

/** Moves a team member to the Trash, with the portrait (DELETE /api/team-members/{id}). */
export async function deleteTeamMember(ctx: ServiceContext, id: number): Promise<void> {
  await changeContent(ctx.db, async (trx) => {
    if ((await moveToTrash(trx, 'teamMembers', [id])) === 0) throw notFound(MESSAGES.teamMemberNotFound);
  });
}
