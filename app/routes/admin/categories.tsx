import { categoryInputSchema, subcategoryInputSchema } from '../../../contracts/admin.ts'
import type { CategoryRow, SubcategoryRow } from '../../../contracts/admin-content.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { nth } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'
import { Badge } from '../../features/admin/ui.tsx'

const statusOptions = [
  { value: 'active', label: 'Active (shown in the shop)' },
  { value: 'inactive', label: 'Inactive (hidden)' },
]

const categories: ResourceConfig<CategoryRow> = {
  title: 'Categories',
  intro: shownIn.category.form,
  path: 'categories',
  noun: 'category',
  schema: categoryInputSchema,
  fields: [
    { name: 'title', label: 'Title', kind: 'text', help: shownIn.category.title },
    { name: 'titleHi', label: 'Hindi title (optional)', kind: 'text', help: shownIn.hindi.name },
    { name: 'status', label: 'Status', kind: 'select', options: statusOptions },
    {
      name: 'image',
      label: 'Picture',
      kind: 'picture',
      folder: 'categories',
      wide: true,
      help: shownIn.category.image,
    },
    {
      name: 'isHeaderCategory',
      label: 'Show in the top menu',
      kind: 'checkbox',
      help: shownIn.category.header,
    },
    {
      name: 'isCollectionCategory',
      label: 'Show in the home page collection',
      kind: 'checkbox',
      help: shownIn.category.collection,
    },
    {
      name: 'position',
      label: 'Position (smaller comes first)',
      kind: 'number',
      help: shownIn.category.position,
    },
  ],
  blank: {
    title: '',
    status: 'active',
    image: '',
    isHeaderCategory: false,
    isCollectionCategory: false,
    position: '0',
    titleHi: '',
  },
  toForm: (r) => ({
    title: r.title,
    status: r.status,
    image: r.image ?? '',
    isHeaderCategory: r.isHeaderCategory,
    isCollectionCategory: r.isCollectionCategory,
    position: String(r.position),
    titleHi: r.translations.hi?.title ?? '',
  }),
  summary: (r) => ({
    title: r.title,
    picture: r.image,
    lines: [
      <span key="b" className="flex flex-wrap gap-1">
        <Badge tone={r.status === 'active' ? 'green' : 'grey'}>
          {r.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
        {r.isHeaderCategory ? <Badge tone="blue">Top menu</Badge> : null}
        {r.isCollectionCategory ? <Badge tone="amber">Home collection</Badge> : null}
      </span>,
    ],
  }),
  ordered: { place: (i) => `${nth(i + 1)} in the menus and on the home page` },
}

export const meta = () => [{ title: 'Categories | Shop console' }]

export default function CategoriesScreen() {
  const cats = useAdmin<CategoryRow[]>('/categories')
  const titleOf = new Map((cats.data ?? []).map((c) => [c.id, c.title]))
  const subcategories: ResourceConfig<SubcategoryRow> = {
    title: 'Subcategories',
    intro: shownIn.subcategory.form,
    path: 'subcategories',
    noun: 'subcategory',
    schema: subcategoryInputSchema,
    fields: [
      {
        name: 'categoryId',
        label: 'Category',
        kind: 'select',
        options: [
          { value: '', label: 'Choose…' },
          ...(cats.data ?? []).map((c) => ({ value: c.id, label: c.title })),
        ],
      },
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'titleHi', label: 'Hindi title (optional)', kind: 'text', help: shownIn.hindi.name },
      { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
    ],
    blank: { categoryId: '', title: '', titleHi: '', position: '0' },
    toForm: (r) => ({
      categoryId: r.categoryId,
      title: r.title,
      titleHi: r.translations.hi?.title ?? '',
      position: String(r.position),
    }),
    summary: (r) => ({ title: r.title, lines: [`in ${titleOf.get(r.categoryId) ?? '?'}`] }),
  }
  return (
    <div className="grid gap-10">
      <ResourceScreen config={categories} />
      <section aria-labelledby="subcategories-title">
        <h2 id="subcategories-title" className="mb-1 font-serif text-xl font-bold text-brand-800">
          Subcategories
        </h2>
        <p className="mb-3 text-sm text-ink/75">
          Each belongs to one category (for example Sarees in Handloom).
        </p>
        <ResourceScreen config={subcategories} heading={false} />
      </section>
    </div>
  )
}
