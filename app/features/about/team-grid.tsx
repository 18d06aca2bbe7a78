import type { TeamMember } from '../../../core/types';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';

export const FOUNDER_PICTURE = '/images/founder.jpg';

function MemberPhoto({ member }: { member: TeamMember }) {
  // A member without a photo, or whose photo fails, shows the founder picture (SPEC section 8).
  return member.imageDetails ? (
    <ResponsiveImage
      image={member.imageDetails}
      alt={`Portrait of ${member.name}`}
      sizes={IMAGE_SIZES.teamPhoto}
      className="team-card__photo"
      fallbackSrc={FOUNDER_PICTURE}
    />
  ) : (
    <img
      src={FOUNDER_PICTURE}
      alt={`Portrait of ${member.name}`}
      width={400}
      height={400}
      loading="lazy"
      className="team-card__photo"
    />
  );
}

/**
 * The team grid, rendered with the page (so no spinner is ever needed), the founder picture as fallback. The page
 * draws it only with members: SPEC's empty text told visitors to use the dashboard (issue 35 overrides it).
 */
export function TeamGrid({ members }: { members: TeamMember[] }) {
  return (
    <ul className="team-grid">
      {members.map((member) => (
        <li key={member.id} className="team-card">
          <MemberPhoto member={member} />
          <h3>{member.name}</h3>
          <p className="team-card__title">{member.title}</p>
          <p className="team-card__position">{member.position}</p>
        </li>
      ))}
    </ul>
  );
}
