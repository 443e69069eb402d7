import type { FieldSpec, FormValues } from './resource-form.tsx'

/**
 * The fields an artisan's and a cluster's forms share (decision 098), with where each shows in the shop.
 */
export function profileFields(
  kind: 'artisan' | 'cluster',
  states: Array<{ id: string; name: string }>,
): FieldSpec[] {
  const page = kind === 'artisan' ? 'the artisan’s page (/artisan/…)' : 'the cluster’s page (/cluster/…)'
  return [
    {
      name: 'name',
      label: 'Name',
      kind: 'text',
      help:
        kind === 'artisan'
          ? `The heading of ${page}, and “Made by …” on their products’ pages.`
          : `The heading of ${page}, and its card on its state’s page.`,
    },
    {
      name: 'craft',
      label: 'Craft',
      kind: 'text',
      help: `Under the name on ${page}, for example “Madhubani painting”.`,
    },
    { name: 'village', label: 'Village or town', kind: 'text', help: `The place line on ${page}.` },
    { name: 'district', label: 'District', kind: 'text', help: `The place line on ${page}.` },
    {
      name: 'stateId',
      label: 'State',
      kind: 'select',
      help:
        kind === 'cluster'
          ? 'The cluster is listed under “Craft clusters in …” on this state’s page.'
          : `The place line on ${page}.`,
      options: [{ value: '', label: 'Choose…' }, ...states.map((s) => ({ value: s.id, label: s.name }))],
    },
    {
      name: 'slug',
      label: 'Web name (optional)',
      kind: 'text',
      help: `Small letters, digits and -, made from the name when empty: the address of ${page}.`,
    },
    {
      name: 'story',
      label: 'Story',
      kind: 'html',
      help: `On ${page}: who they are, how the craft is made, in plain words. Say only what is true.`,
    },
    {
      name: 'photos',
      label: 'Photos (up to 6, the first is the main one)',
      kind: 'pictures',
      folder: kind === 'artisan' ? 'artisans' : 'clusters',
      help: `At the top of ${page}; the first also on its card. Ask before you photograph a person.`,
    },
    {
      name: 'videoLink',
      label: 'YouTube video link (optional)',
      kind: 'url',
      help: `A “Play video” button on ${page}.`,
    },
  ]
}

export const blankProfile: FormValues = {
  name: '',
  craft: '',
  village: '',
  district: '',
  stateId: '',
  slug: '',
  story: '',
  photos: [],
  videoLink: '',
}

export function profileForm(r: {
  name: string
  craft: string
  village: string
  district: string
  stateId: string | null
  slug: string
  story: string
  photos: string[]
  videoLink: string | null
}): FormValues {
  return {
    name: r.name,
    craft: r.craft,
    village: r.village,
    district: r.district,
    stateId: r.stateId ?? '',
    slug: r.slug,
    story: r.story,
    photos: r.photos,
    videoLink: r.videoLink ?? '',
  }
}
