import { Link } from 'react-router'
import type { NavCategory } from '../../contracts/catalogue.ts'
import { useT } from '../i18n/i18n.tsx'
import { site } from '../lib/site.ts'
import { categoryHref } from './header.tsx'
import { MailIcon, PhoneIcon, SocialIcon } from './icons.tsx'
import { Logo } from './logo.tsx'
import { NewsletterForm } from './newsletter-form.tsx'

/**
 * Footer of every page; `categories` are the first 4 active ones (spec section 9). An island (app/root.tsx):
 * its code comes once the page is idle.
 */
export default function Footer({ categories }: { categories: NavCategory[] }) {
  const t = useT()
  return (
    <footer className="mt-12 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Link to="/" className="flex items-center gap-2" aria-label={t('{name} home', { name: site.name })}>
            <Logo className="h-12 w-12 rounded-full bg-brand-50 p-1" />
            <span className="font-serif text-lg font-bold text-white">{site.shortName}</span>
          </Link>
          <p className="mt-3 text-sm text-brand-200">{t(site.tagline)}.</p>
          <ul className="mt-4 flex gap-3" aria-label={t('Social networks')}>
            {site.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noreferrer"
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-800 hover:bg-brand-600"
                  aria-label={s.name}
                >
                  <SocialIcon name={s.name} width={18} height={18} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 font-semibold text-white">
            {t('About Us')}
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/profile" className="hover:underline">
                {t('My Account')}
              </Link>
            </li>
            <li>
              <Link to="/temple" className="hover:underline">
                {t('Temple Services')}
              </Link>
            </li>
            <li>
              <Link to="/donate" className="hover:underline">
                {t('Donate')}
              </Link>
            </li>
            <li>
              <a href="/AboutUs#team" className="hover:underline">
                {t('Our Team')}
              </a>
            </li>
            <li>
              <a href="/AboutUs#awards" className="hover:underline">
                {t('Awards')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="mb-3 font-semibold text-white">
            {t('Categories')}
          </h2>
          <ul className="space-y-2 text-sm" data-testid="footer-categories">
            {categories.map((c) => (
              <li key={c.categoriesTitle}>
                <Link to={categoryHref(c.categoriesTitle)} className="hover:underline">
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="mb-3 font-semibold text-white">
            {t('Support')}
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/Support" className="hover:underline">
                {t('Help Centre')}
              </Link>
            </li>
            <li>
              <Link to="/Privacy" className="hover:underline">
                {t('Privacy Policy')}
              </Link>
            </li>
            <li>
              <Link to="/ReturnPolicy" className="hover:underline">
                {t('Return Policy')}
              </Link>
            </li>
            <li>
              <Link to="/TermsCondition" className="hover:underline">
                {t('Terms & Conditions')}
              </Link>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="flex items-center gap-2 hover:underline">
                <MailIcon width={16} height={16} /> {site.email}
              </a>
            </li>
            <li>
              <a href={site.phoneHref} className="flex items-center gap-2 hover:underline">
                <PhoneIcon width={16} height={16} /> {site.phone}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">{t('Newsletter')}</h2>
          <p className="mb-3 text-sm text-brand-200">
            {t('New collections and artisan stories, once a month.')}
          </p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-brand-800 py-4 text-center text-xs text-brand-200">
        {t('© 2024 {name}. All rights reserved.', { name: site.name })}
      </div>
    </footer>
  )
}
