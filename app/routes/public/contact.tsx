import { ContactForm } from '../../features/contact/contact-form';
import { telHref } from '../../lib/format';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { useSiteData } from '../../lib/use-site-data';
import type { Route } from './+types/contact';
import { sendContactMessage } from './contact.server';

export async function action({ context, request }: Route.ActionArgs) {
  return sendContactMessage(context, request, context.clientIp);
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  return pageMeta(site, {
    title: titleWithBrand(site, 'Contact'),
    description: `Visit or write to ${site?.settings.brandName ?? 'the studio'} in ${site?.settings.address ?? 'Babesa, Thimphu, Bhutan'}: phone, e-mail and a contact form.`,
    path: '/contact',
  });
}

export default function Contact() {
  const { settings } = useSiteData();
  const phones = [settings.phonePrimary, settings.phoneSecondary].filter(Boolean);
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Get in touch</span>
          <h1>Contact us</h1>
          <p>Tell us about your site, your plans and your budget. We answer every message within two working days.</p>
        </div>
      </section>
      <section className="section">
        <div className="container contact-layout">
          <div>
            <h2>Our office</h2>
            <address className="contact-details">
              <p>{settings.address}</p>
              {phones.map((phone) => (
                <p key={phone}>
                  <a href={telHref(phone)}>{phone}</a>
                </p>
              ))}
              {settings.contactEmail && (
                <p>
                  <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
                </p>
              )}
            </address>
          </div>
          <div>
            <h2>Send a message</h2>
            <ContactForm />
          </div>
        </div>
      </section>
    </>
  );
}
