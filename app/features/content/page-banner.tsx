/** A slim banner with the page's heading over the shop's woven pattern. */
export function PageBanner({
  title,
  text,
  image = '/media/page-banner.webp',
}: {
  title: string
  text?: string
  image?: string
}) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-800 text-white">
      <img
        src={image}
        alt=""
        width={1600}
        height={400}
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <h1 className="font-serif text-3xl font-bold sm:text-4xl">{title}</h1>
        {text ? <p className="mt-2 max-w-2xl text-brand-50">{text}</p> : null}
      </div>
    </section>
  )
}
