import { categoryInputSchema, subcategoryInputSchema } from '../../../contracts/admin.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { type ResourceConfig, ResourceScreen, type Row } from '../../features/admin/resource-screen.tsx'
import { Badge } from '../../features/admin/ui.tsx'

const statusOptions = [
  { value: 'active', label: 'Active (shown in the shop)' },
  { value: 'inactive', label: 'Inactive (hidden)' },
]

const categories: ResourceConfig = {
  title: 'Categories',
  intro:
    'The shop’s departments. Header categories appear in the top menu; collection categories on the home page.',
  path: 'categories',
  noun: 'category',
  schema: categoryInputSchema,
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'status', label: 'Status', kind: 'select', options: statusOptions },
    { name: 'image', label: 'Picture', kind: 'picture', folder: 'categories', wide: true },
    { name: 'isHeaderCategory', label: 'Show in the top menu', kind: 'checkbox' },
    { name: 'isCollectionCategory', label: 'Show in the home page collection', kind: 'checkbox' },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
  ],
  blank: {
    title: '',
    status: 'active',
    image: '',
    isHeaderCategory: false,
    isCollectionCategory: false,
    position: '0',
  },
  toForm: (r) => ({
    title: String(r.title),
    status: String(r.status),
    image: String(r.image ?? ''),
    isHeaderCategory: Boolean(r.isHeaderCategory),
    isCollectionCategory: Boolean(r.isCollectionCategory),
    position: String(r.position ?? 0),
  }),
  summary: (r) => ({
    title: String(r.title),
    picture: r.image as string | null,
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
}

export const meta = () => [{ title: 'Categories | Shop console' }]

export default function CategoriesScreen() {
  const cats = useAdmin<Row[]>('/categories')
  const titleOf = new Map((cats.data ?? []).map((c) => [c.id, String(c.title)]))
  const subcategories: ResourceConfig = {
    title: 'Subcategories',
    intro: '',
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
          ...(cats.data ?? []).map((c) => ({ value: c.id, label: String(c.title) })),
        ],
      },
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
    ],
    blank: { categoryId: '', title: '', position: '0' },
    toForm: (r) => ({
      categoryId: String(r.categoryId),
      title: String(r.title),
      position: String(r.position ?? 0),
    }),
    summary: (r) => ({ title: String(r.title), lines: [`in ${titleOf.get(String(r.categoryId)) ?? '?'}`] }),
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
