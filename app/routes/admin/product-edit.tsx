import { useState } from 'react'
import { Link, useNavigate, useParams, useRouteLoaderData } from 'react-router'
import {
  type ProductAttribute,
  productAttributeNames,
  productAttributes,
  productAttributeText,
  productInputSchema,
} from '../../../contracts/admin.ts'
import type { CategoryRow, StateRow, SubcategoryRow, TempleRow } from '../../../contracts/admin-content.ts'
import type {
  AdminProduct,
  ProductAttributeValues,
  ProductRemoval,
} from '../../../contracts/admin-products.ts'
import { defaultGstRate, defaultUqc, gstRates, uqcCodes } from '../../../contracts/gst.ts'
import { imageAt } from '../../../contracts/images.ts'
import { madeToOrderText } from '../../../contracts/made-to-order.ts'
import { discountPercent, formatRupees } from '../../../contracts/money.ts'
import type { ShippingSettingsView } from '../../../contracts/shipping.ts'
import { packageSizeText } from '../../../contracts/shipping-rules.ts'
import { mayOpen } from '../../../contracts/staff.ts'
import {
  adminSend,
  type Envelope,
  photoTooLarge,
  problemText,
  useAdmin,
} from '../../features/admin/admin-api.ts'
import { when } from '../../features/admin/format.ts'
import { PersonalisationEditor } from '../../features/admin/personalisation-editor.tsx'
import { ProductProvenanceForm } from '../../features/admin/product-provenance-form.tsx'
import { ProductReturnRulePanel } from '../../features/admin/product-return-rule.tsx'
import { ProductVariants } from '../../features/admin/product-variants.tsx'
import {
  type FieldSpec,
  type FormValue,
  type FormValues,
  ResourceForm,
} from '../../features/admin/resource-form.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'
import { StockWaiting } from '../../features/admin/stock-waiting.tsx'
import { Badge, Button, ConfirmButton, Loading, LoadProblem, PageTitle } from '../../features/admin/ui.tsx'
import { api } from '../../lib/api.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import type { loader as layoutLoader } from './layout.tsx'

export const meta = () => [{ title: 'Product | Shop console' }]

const blank: FormValues = {
  title: '',
  price: '',
  cutPrice: '',
  categoryId: '',
  subcategoryId: '',
  stateId: '',
  materials: '',
  techniques: '',
  colours: '',
  templeId: '',
  sku: '',
  quantity: '10',
  madeToOrder: '',
  hsnCode: '',
  gstRate: String(defaultGstRate),
  gstRateFixed: false,
  uqc: defaultUqc,
  weight: '',
  packageSize: '',
  shortDescription: '',
  description: '',
  titleHi: '',
  shortDescriptionHi: '',
  descriptionHi: '',
  youtubeVideoLink: '',
  view360Link: '',
}

const toForm = (p: AdminProduct): FormValues => ({
  title: p.title,
  price: String(p.price),
  cutPrice: String(p.cutPrice),
  categoryId: p.categoryId ?? '',
  subcategoryId: p.subcategoryId ?? '',
  stateId: p.stateId ?? '',
  materials: p.materials.join(', '),
  techniques: p.techniques.join(', '),
  colours: p.colours.join(', '),
  templeId: p.templeId ?? '',
  sku: p.sku,
  quantity: String(p.quantity),
  madeToOrder: p.madeToOrder,
  hsnCode: p.hsnCode,
  gstRate: String(p.gstRate),
  gstRateFixed: p.gstRateFixed,
  uqc: p.uqc,
  weight: p.weight === null ? '' : String(p.weight),
  packageSize: p.packageSize,
  shortDescription: p.shortDescription,
  description: p.description,
  titleHi: p.titleHi,
  shortDescriptionHi: p.shortDescriptionHi,
  descriptionHi: p.descriptionHi,
  youtubeVideoLink: p.youtubeVideoLink ?? '',
  view360Link: p.view360Link ?? '',
})

/** The badge the shop will show for the prices typed so far. */
function discountText(values: FormValues): string {
  const read = (v: FormValue | undefined) =>
    typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  const price = read(values.price)
  const cutPrice = read(values.cutPrice)
  if (!Number.isFinite(price) || !Number.isFinite(cutPrice)) return 'Enter both prices.'
  if (cutPrice < price) return 'None: the cut price is lower than the price.'
  const off = discountPercent(price, cutPrice)
  return off > 0 ? `-${off}% (${formatRupees(cutPrice - price)} off)` : 'None (no discount badge).'
}

/** How many of the values already in use an attribute's help names. */
const valuesNamed = 10

/** An attribute's help: how to write it, and the values other products already have, to spell them alike. */
function attributeHelp(field: ProductAttribute, inUse: ProductAttributeValues[ProductAttribute] | undefined) {
  const help = productAttributeText.help(field)
  if (!inUse?.length) return help
  const named = inUse.slice(0, valuesNamed).map((v) => v.value)
  return `${help}. ${productAttributeText.inUse(named, inUse.length - named.length)}`
}

export default function ProductEditScreen() {
  const { id } = useParams()
  const product = useAdmin<AdminProduct>(id ? `/products/${id}` : null)
  const cats = useAdmin<CategoryRow[]>('/categories')
  const subs = useAdmin<SubcategoryRow[]>('/subcategories')
  const states = useAdmin<StateRow[]>('/states')
  const temples = useAdmin<TempleRow[]>('/temples')
  // Only help: the form opens without it.
  const inUse = useAdmin<ProductAttributeValues>('/products/attribute-values')
  // The shop's packages to choose from, for a role that may open the settings (only help, too).
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')
  const role = layout?.state === 'ok' ? layout.staffRole : null
  const packages = useAdmin<ShippingSettingsView>(mayOpen(role, 'settings') ? '/settings/shipping' : null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })

  if (id && product.isPending) return <Loading />
  if (id && product.isError) return <LoadProblem error={product.error} retry={() => product.refetch()} />
  if (cats.isPending || subs.isPending || states.isPending || temples.isPending) return <Loading />
  const p = id ? (product.data as AdminProduct) : null
  // With variants, the product's price, list price and stock are theirs (decision 129): shown, not edited.
  const fromVariants = p !== null && p.variants.length > 0
  const followed = (help: string, what: string) =>
    fromVariants ? `From the variants below: ${what}. ${help}` : help

  const fields: FieldSpec[] = [
    { name: 'title', label: 'Title', kind: 'text', wide: true, help: shownIn.product.title },
    {
      name: 'price',
      label: 'Price (₹, what the customer pays)',
      kind: 'number',
      readOnly: fromVariants,
      help: followed(shownIn.product.price, 'the first variant’s price'),
    },
    {
      name: 'cutPrice',
      label: 'Cut price (₹, the list price shown struck through)',
      kind: 'number',
      readOnly: fromVariants,
      help: followed(shownIn.product.cutPrice, 'the first variant’s list price'),
    },
    {
      name: 'discount',
      label: 'Discount shown in the shop',
      kind: 'computed',
      help: `Worked out from the two prices, rounded down. ${shownIn.product.discount}`,
      compute: discountText,
    },
    {
      name: 'quantity',
      label: 'Stock (pieces available)',
      kind: 'number',
      readOnly: fromVariants,
      help: followed(shownIn.product.quantity, 'the sum of the variants’ stock'),
    },
    {
      name: 'madeToOrder',
      label: 'Made to order: days until it ships',
      kind: 'text',
      help: madeToOrderText.fieldHelp,
    },
    {
      name: 'categoryId',
      label: 'Category',
      kind: 'select',
      help: shownIn.product.category,
      resets: ['subcategoryId'],
      options: [
        { value: '', label: 'None' },
        ...(cats.data ?? []).map((c) => ({ value: c.id, label: c.title })),
      ],
    },
    {
      name: 'subcategoryId',
      label: 'Subcategory',
      kind: 'select',
      help: `Choose the category first; its subcategories are listed here. ${shownIn.product.subcategory}`,
      optionsFor: (values) => [
        { value: '', label: 'None' },
        ...(subs.data ?? [])
          .filter((s) => s.categoryId === values.categoryId || s.id === values.subcategoryId)
          .map((s) => ({ value: s.id, label: s.title })),
      ],
    },
    {
      name: 'stateId',
      label: 'State it comes from',
      kind: 'select',
      help: shownIn.product.state,
      options: [
        { value: '', label: 'None' },
        ...(states.data ?? []).map((s) => ({ value: s.id, label: s.name })),
      ],
    },
    ...productAttributeNames.map(
      (name): FieldSpec => ({
        name,
        label: productAttributes[name].label,
        kind: 'text',
        help: attributeHelp(name, inUse.data?.[name]),
      }),
    ),
    {
      name: 'templeId',
      label: 'Prasad of temple (optional)',
      kind: 'select',
      help: shownIn.temple.prasad,
      options: [
        { value: '', label: 'None (not a prasad package)' },
        ...(temples.data ?? []).map((t) => ({ value: t.id, label: t.name })),
      ],
    },
    { name: 'sku', label: 'SKU (your stock code, unique)', kind: 'text', help: shownIn.product.sku },
    {
      name: 'hsnCode',
      label: 'HSN code (for GST invoices)',
      kind: 'text',
      help: `The 4, 6 or 8-digit HSN code of this kind of goods; check it with your tax adviser. ${shownIn.product.hsn}`,
    },
    {
      name: 'gstRate',
      label: 'GST rate (included in the price)',
      kind: 'select',
      help: `Used where the GST rates by HSN code (Settings) have no rule for this code, or when fixed below. ${shownIn.product.gst}`,
      options: [
        ...gstRates.map((r) => ({ value: String(r), label: `${r}%` })),
        // A rate saved before the 12% and 28% slabs were removed shows until staff choose another.
        ...(p && !(gstRates as readonly number[]).includes(p.gstRate)
          ? [{ value: String(p.gstRate), label: `${p.gstRate}% (no longer in force: choose another)` }]
          : []),
      ],
    },
    {
      name: 'gstRateFixed',
      label: 'Use this rate even where the HSN table has a rule',
      kind: 'checkbox',
      help: 'Only when your tax adviser says this product is taxed otherwise than its HSN code.',
    },
    ...(p
      ? [
          {
            name: 'effectiveGstRate',
            label: 'Rate on its next invoice',
            kind: 'computed' as const,
            help: 'For one piece at the saved price, today; a coupon can bring a piece under a value per piece.',
            compute: () => `${p.effectiveGstRate}%`,
          },
        ]
      : []),
    {
      name: 'uqc',
      label: 'Unit (for GST returns)',
      kind: 'select',
      help: 'PCS for pieces; SET for a set sold as one, PRS for pairs, MTR for fabric by the metre.',
      options: uqcCodes.map((u) => ({ value: u, label: u })),
    },
    {
      name: 'weight',
      label: 'Weight packed (grams, optional)',
      kind: 'number',
      clearable: true,
      help: fromVariants
        ? 'For a variant without a weight of its own. Shipping is charged by weight (Settings, Shipping); empty counts as the default weight.'
        : 'Shipping is charged by weight (Settings, Shipping); empty counts as the default weight.',
    },
    {
      name: 'packageSize',
      label: 'Package, L × B × H cm (optional)',
      kind: 'text',
      help: 'Couriers charge a large light box by its size (L × B × H ÷ 5000 kg). Type the sizes or choose a package.',
      suggestions: (packages.data?.packages ?? []).map((k) => ({
        value: packageSizeText(k),
        label: k.name,
      })),
    },
    {
      name: 'shortDescription',
      label: 'Short description',
      kind: 'textarea',
      help: shownIn.product.shortDescription,
    },
    { name: 'description', label: 'Full description', kind: 'html', help: shownIn.product.description },
    { name: 'titleHi', label: 'Hindi title (optional)', kind: 'text', help: shownIn.product.hindi },
    {
      name: 'shortDescriptionHi',
      label: 'Hindi short description (optional)',
      kind: 'textarea',
      help: shownIn.product.hindi,
    },
    {
      name: 'descriptionHi',
      label: 'Hindi description (optional)',
      kind: 'html',
      help: shownIn.product.hindi,
    },
    {
      name: 'youtubeVideoLink',
      label: 'YouTube video link (optional)',
      kind: 'url',
      help: shownIn.product.youtube,
    },
    { name: 'view360Link', label: '“View 360” link (optional)', kind: 'url', help: shownIn.product.view360 },
  ]

  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className="text-brand-700 underline">
          ← All products
        </Link>
      </p>
      <PageTitle
        title={p ? p.title : 'New product'}
        intro={
          p
            ? `Last saved ${when(p.updatedAt)}. ${shownIn.product.form}`
            : `Fill in the details and save; then add pictures and approve it to show it in the shop. ${shownIn.product.form}`
        }
        action={
          p ? (
            <span className="flex flex-wrap items-center gap-2">
              {p.archivedAt ? (
                <Badge>Archived</Badge>
              ) : p.isApproved ? (
                <Badge tone="green">Approved — in the shop</Badge>
              ) : (
                <Badge tone="amber">Awaiting approval</Badge>
              )}
              <Button
                tone={p.isApproved ? 'plain' : 'primary'}
                onClick={async () => {
                  try {
                    const r = await adminSend(`/products/${p._id}/approval`, 'POST', {
                      isApproved: !p.isApproved,
                    })
                    toast.success(r.message)
                    await refresh()
                  } catch (err) {
                    toast.error(problemText(err), { duration: 8000 })
                  }
                }}
              >
                {p.isApproved ? 'Unapprove' : 'Approve'}
              </Button>
              <a
                href={`/Productdetails/${p._id}?preview=1`}
                target="_blank"
                rel="noopener"
                className="inline-flex min-h-11 items-center rounded border border-brand-200 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-100"
              >
                {p.isApproved && !p.archivedAt ? 'View in the shop' : 'Preview'}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </span>
          ) : null
        }
      />
      <section className="rounded-lg border border-brand-200 bg-white p-4">
        <ResourceForm
          key={p?.updatedAt ?? 'new'}
          fields={fields}
          schema={productInputSchema}
          initial={p ? toForm(p) : blank}
          submitLabel={p ? 'Save product' : 'Create product'}
          onSubmit={async (body) => {
            if (p) {
              await adminSend(`/products/${p._id}`, 'PUT', body)
              toast.success('Product saved')
              await refresh()
            } else {
              const r = await adminSend<AdminProduct>('/products', 'POST', body)
              toast.success('Product created. Now add its pictures.')
              await refresh()
              navigate(`/admin/products/${r.data._id}`, { replace: true })
            }
          }}
        />
      </section>
      {p ? <StockWaiting product={p} /> : null}
      {p ? <Pictures product={p} onChange={refresh} /> : null}
      {p ? (
        <ProductVariants
          // A new start after each save (or another's change): the rows are the saved ones.
          key={JSON.stringify([p.options, p.variants])}
          product={p}
          onSaved={refresh}
        />
      ) : null}
      {p ? (
        <PersonalisationEditor
          // A new start after each save: the rows are the saved ones, with their ids.
          key={JSON.stringify(p.personalisation)}
          product={p}
          onSaved={refresh}
        />
      ) : null}
      {p ? <ProductProvenanceForm productId={p._id} /> : null}
      {p ? <ProductReturnRulePanel productId={p._id} /> : null}
      {p ? <DangerZone product={p} onChange={refresh} /> : null}
    </div>
  )
}

function Pictures({ product, onChange }: { product: AdminProduct; onChange: () => Promise<void> }) {
  const [busy, setBusy] = useState(false)
  const images = product.images
  async function saveOrder(ids: string[]) {
    try {
      await adminSend(`/products/${product._id}/images/order`, 'PUT', { imageIds: ids })
      await onChange()
    } catch (err) {
      toast.error(problemText(err), { duration: 8000 })
    }
  }
  const move = (i: number, d: number) => {
    const ids = images.map((x) => x._id)
    const [x] = ids.splice(i, 1)
    ids.splice(i + d, 0, x)
    void saveOrder(ids)
  }
  return (
    <section
      aria-labelledby="pictures-title"
      className="mt-6 rounded-lg border border-brand-200 bg-white p-4"
    >
      <h2 id="pictures-title" className="text-lg font-bold text-brand-800">
        Pictures
      </h2>
      <p className="mb-3 text-sm text-ink/75">
        {shownIn.product.pictures} JPEG, PNG or WebP photos up to 8 MB; the shop makes small, medium and large
        copies for phones.
      </p>
      <ol className="mb-3 flex flex-wrap gap-3">
        {images.map((img, i) => (
          <li key={img._id} className="grid gap-1 rounded border border-brand-200 p-2">
            <img
              src={imageAt(img.url, 200)}
              alt={`${product.title}, view ${i + 1}`}
              className="size-24 rounded object-cover"
            />
            <span className="text-center text-xs">{i === 0 ? 'Main picture' : `Picture ${i + 1}`}</span>
            <span className="flex justify-center gap-1">
              <Button
                small
                label={`Move picture ${i + 1} earlier`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ←
              </Button>
              <Button
                small
                label={`Move picture ${i + 1} later`}
                disabled={i === images.length - 1}
                onClick={() => move(i, 1)}
              >
                →
              </Button>
              <ConfirmButton
                question="Remove this picture?"
                confirmLabel="Yes, remove"
                onConfirm={async () => {
                  try {
                    await adminSend(`/products/${product._id}/images/${img._id}`, 'DELETE')
                    toast.success('Picture removed')
                    await onChange()
                  } catch (err) {
                    toast.error(problemText(err), { duration: 8000 })
                  }
                }}
              >
                <span aria-hidden="true">✕</span>
                <span className="sr-only">Remove picture {i + 1}</span>
              </ConfirmButton>
            </span>
          </li>
        ))}
      </ol>
      <label className="grid max-w-md gap-1 text-sm font-semibold">
        Add pictures
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          disabled={busy}
          className="text-sm font-normal file:mr-2 file:rounded file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5"
          onChange={async (e) => {
            const files = [...(e.target.files ?? [])]
            if (files.length === 0) return
            const tooLarge = photoTooLarge(files)
            if (tooLarge) {
              toast.error(tooLarge, { duration: 12000 })
              e.target.value = ''
              return
            }
            const form = new FormData()
            for (const f of files) form.append('image', f)
            setBusy(true)
            try {
              const r = await api<Envelope<AdminProduct>>(`/admin/products/${product._id}/images`, {
                method: 'POST',
                body: form,
                auth: true,
              })
              toast.success(r.message)
              await onChange()
            } catch (err) {
              toast.error(problemText(err), { duration: 8000 })
            } finally {
              setBusy(false)
              e.target.value = ''
            }
          }}
        />
      </label>
      {busy ? (
        <p role="status" className="mt-2 text-sm">
          Uploading…
        </p>
      ) : null}
    </section>
  )
}

function DangerZone({ product, onChange }: { product: AdminProduct; onChange: () => Promise<void> }) {
  const navigate = useNavigate()
  return (
    <section aria-labelledby="remove-title" className="mt-6 rounded-lg border border-red-200 bg-white p-4">
      <h2 id="remove-title" className="text-lg font-bold text-red-800">
        Hide or delete
      </h2>
      <p className="mb-3 text-sm text-ink/75">
        Archiving hides the product from the shop but keeps it for orders. Deleting removes it for good, and
        is refused while an order that is not yet delivered or cancelled holds it.
      </p>
      <div className="flex flex-wrap gap-2">
        <ConfirmButton
          tone="plain"
          small={false}
          question={product.archivedAt ? 'Bring this product back?' : 'Archive this product?'}
          detail={
            product.archivedAt
              ? 'It shows in the shop again if it is approved.'
              : 'It disappears from the shop at once.'
          }
          confirmLabel={product.archivedAt ? 'Yes, restore' : 'Yes, archive'}
          onConfirm={async () => {
            try {
              const r = await adminSend(`/products/${product._id}/archive`, 'POST', {
                archived: !product.archivedAt,
              })
              toast.success(r.message)
              await onChange()
            } catch (err) {
              toast.error(problemText(err), { duration: 8000 })
            }
          }}
        >
          {product.archivedAt ? 'Restore from archive' : 'Archive'}
        </ConfirmButton>
        <ConfirmButton
          small={false}
          question="Delete this product for good?"
          detail={`“${product.title}” and its pictures will be removed. This cannot be undone.`}
          confirmLabel="Yes, delete"
          onConfirm={async () => {
            try {
              const r = await adminSend<ProductRemoval>(`/products/${product._id}`, 'DELETE')
              toast.success(r.message, { duration: 6000 })
              if (r.data.outcome === 'deleted') navigate('/admin/products')
              else await onChange()
            } catch (err) {
              toast.error(problemText(err), { duration: 10000 })
            }
          }}
        >
          Delete product
        </ConfirmButton>
      </div>
    </section>
  )
}
