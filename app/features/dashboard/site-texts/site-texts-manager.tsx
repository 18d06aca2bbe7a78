import { CARD_GROUP_NAMES, CARD_GROUPS, cardsOf } from '../../../../core/site-texts';
import type { PageSeo, SiteContent, TeamMember } from '../../../../core/types';
import { NoticeArea, useNotice } from '../notice';
import { CardListForm } from './card-list-form';
import { PAGE_SEO_HEADING, PageSeoForm } from './page-seo-form';
import { PageTextsForm } from './page-texts-form';
import { TestimonialsEditor } from './testimonials-editor';
import './site-texts.css';

/** Every text of the home and about pages the owner edits, and the pages' SEO fields (issue 14). */
export function SiteTextsManager({
  content,
  team,
  pageSeo,
}: {
  content: SiteContent;
  team: TeamMember[];
  pageSeo: PageSeo[];
}) {
  const notices = useNotice();
  return (
    <>
      <header className="dashboard-page-header">
        <h1>Site texts</h1>
      </header>
      <nav aria-label="Site text sections" className="site-texts__contents">
        <a href="#testimonials-editor-title">Testimonials</a>
        <a href="#page-texts-title">Page texts</a>
        {CARD_GROUP_NAMES.map((group) => (
          <a key={group} href={`#${group}-title`}>
            {CARD_GROUPS[group].heading}
          </a>
        ))}
        <a href="#page-seo-title">{PAGE_SEO_HEADING}</a>
      </nav>
      <NoticeArea notice={notices.notice} onDismiss={notices.clear} />
      <div className="site-texts">
        <TestimonialsEditor testimonials={content.testimonials} notices={notices} />
        <PageTextsForm texts={content.texts} team={team} notices={notices} />
        {CARD_GROUP_NAMES.map((group) => (
          <CardListForm key={group} group={group} cards={cardsOf(content, group)} notices={notices} />
        ))}
        <PageSeoForm pages={pageSeo} notices={notices} />
      </div>
    </>
  );
}
