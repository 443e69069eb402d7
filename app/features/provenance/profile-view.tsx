import { Link } from 'react-router'
import { imageAt, responsiveImage } from '../../../contracts/images.ts'
import type { ProductCardData } from '../../../contracts/product-card.ts'
import type { ArtisanCard } from '../../../contracts/provenance.ts'
import { placeLine } from '../../../contracts/provenance-place.ts'
import { ProductCard } from '../../components/product-card.tsx'
import { YoutubeVideo } from '../../components/youtube-video.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { titleLength } from '../../lib/catalogue-messages.ts'
import { provenanceTexts } from './messages.ts'

export type ProfileData = {
  kind: 'artisan' | 'cluster'
  name: string
  craft: string
  village: string
  district: string
  state: string | null
  /** The state's name in the reader's language; `state` is its address (decision 097). */
  stateLabel?: string
  story: string
  photos: string[]
  videoLink: string | null
  cluster?: { name: string; slug: string } | null
}

/**
 * An artisan's or a cluster's page: photos, name, craft and place, the story, the video when there is
 * one, a cluster's artisans, and the products they make as the shop's usual cards.
 */
export function ProfileView({
  profile,
  products,
  productsHeading,
  artisans,
}: {
  profile: ProfileData
  products: ProductCardData[]
  productsHeading: string
  artisans?: ArtisanCard[]
}) {
  const t = useT()
  const provenanceText = provenanceTexts(t)
  const place = placeLine({ ...profile, state: profile.stateLabel || profile.state })
  const [first, ...more] = profile.photos
  return (
    <>
      <nav aria-label={t('Breadcrumb')} className="mx-auto max-w-7xl px-4 pt-4 text-sm text-ink/80">
        <Link to="/" className="hover:underline">
          {t('Home')}
        </Link>
        {profile.state ? (
          <>
            {' / '}
            <Link to={`/StateProduct/${encodeURIComponent(profile.state)}`} className="hover:underline">
              {profile.stateLabel || profile.state}
            </Link>
          </>
        ) : null}
      </nav>
      <article className="mx-auto grid max-w-7xl gap-6 px-4 py-4 md:grid-cols-[2fr_3fr] md:py-8">
        <div className="grid content-start gap-2">
          {first ? (
            <img
              {...responsiveImage(first, 800)}
              sizes="(max-width: 768px) 100vw, 40vw"
              alt={provenanceText.photoOf(profile.name, 1)}
              width={800}
              height={800}
              fetchPriority="high"
              className="aspect-square w-full rounded-xl bg-brand-50 object-cover"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex aspect-[4/3] w-full items-center justify-center rounded-xl bg-brand-100 font-serif text-6xl text-brand-700"
            >
              {profile.name.charAt(0)}
            </div>
          )}
          {more.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2">
              {more.map((url, i) => (
                <li key={url}>
                  <img
                    src={imageAt(url, 400)}
                    alt={provenanceText.photoOf(profile.name, i + 2)}
                    loading="lazy"
                    width={400}
                    height={400}
                    className="aspect-square w-full rounded-lg bg-brand-50 object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="grid content-start gap-3">
          <p className="font-semibold tracking-wide text-brand-700 uppercase">
            {profile.kind === 'artisan' ? provenanceText.artisan : provenanceText.cluster}
          </p>
          <h1 className="font-serif text-3xl font-bold text-brand-800 sm:text-4xl">{profile.name}</h1>
          <p className="text-lg" data-testid="profile-craft">
            {profile.craft}
          </p>
          {place ? (
            <p className="text-ink/80" data-testid="profile-place">
              {place}
            </p>
          ) : null}
          {profile.cluster ? (
            <p className="text-sm">
              {provenanceText.partOf}{' '}
              <Link
                to={`/cluster/${profile.cluster.slug}`}
                className="font-semibold text-brand-700 underline"
              >
                {profile.cluster.name}
              </Link>
            </p>
          ) : null}
          {profile.story ? (
            <section aria-labelledby="profile-story" className="mt-2 border-t border-brand-100 pt-4">
              <h2 id="profile-story" className="font-serif text-xl font-bold text-brand-800">
                {provenanceText.story(profile.name)}
              </h2>
              <div className="prose-shop mt-2" dangerouslySetInnerHTML={{ __html: profile.story }} />
            </section>
          ) : null}
          {profile.videoLink ? <YoutubeVideo link={profile.videoLink} title={profile.name} /> : null}
        </div>
      </article>
      {artisans && artisans.length > 0 ? (
        <section className="mx-auto max-w-7xl px-4 py-4" aria-labelledby="cluster-artisans">
          <h2 id="cluster-artisans" className="mb-4 font-serif text-2xl font-bold text-brand-800">
            {provenanceText.artisansOfCluster(profile.name)}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="cluster-artisans">
            {artisans.map((a) => (
              <li key={a.slug}>
                <PersonCard card={a} href={`/artisan/${a.slug}`} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mx-auto max-w-7xl px-4 py-6" aria-labelledby="profile-products">
        <h2 id="profile-products" className="mb-4 font-serif text-2xl font-bold text-brand-800">
          {productsHeading}
        </h2>
        {products.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-center ring-1 ring-brand-100">
            {provenanceText.noProducts}
          </p>
        ) : (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
            data-testid="profile-products"
          >
            {products.map((p) => (
              <li key={p._id}>
                <ProductCard
                  product={p}
                  titleLength={titleLength.listing}
                  sizes="(max-width: 640px) 48vw, (max-width: 1024px) 32vw, 300px"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

/** An artisan or a cluster as a small card: photo (or initial), name, craft, place. */
export function PersonCard({
  card,
  href,
}: {
  card: { name: string; craft: string; place: string; photo: string | null }
  href: string
}) {
  return (
    <Link
      to={href}
      className="flex h-full flex-col overflow-hidden rounded-xl bg-white ring-1 ring-brand-100 hover:ring-brand-400"
    >
      {card.photo ? (
        <img
          src={imageAt(card.photo, 400)}
          alt=""
          loading="lazy"
          width={400}
          height={300}
          className="aspect-[4/3] w-full bg-brand-50 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex aspect-[4/3] w-full items-center justify-center bg-brand-100 font-serif text-4xl text-brand-700"
        >
          {card.name.charAt(0)}
        </span>
      )}
      <span className="grid gap-0.5 p-3">
        <span className="font-semibold text-brand-800">{card.name}</span>
        <span className="text-sm">{card.craft}</span>
        {card.place ? <span className="text-xs text-ink/70">{card.place}</span> : null}
      </span>
    </Link>
  )
}
