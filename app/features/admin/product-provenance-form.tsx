import { useState } from 'react'
import { Link } from 'react-router'
import { fieldErrors } from '../../../contracts/admin.ts'
import {
  type ArtisanRow,
  type ProductProvenanceRow,
  productProvenanceInputSchema,
} from '../../../contracts/admin-provenance.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, serverFieldErrors, useAdmin } from './admin-api.ts'
import { Button, Field, inputClass, Loading, LoadProblem } from './ui.tsx'

const markFields = [
  {
    name: 'giName',
    label: 'GI tag: registered name of the GI',
    help: 'As registered, for example “Madhubani Paintings”. Only when the maker is an authorised user of this GI.',
  },
  {
    name: 'giAuthorisedUser',
    label: 'GI tag: authorised-user number',
    help: 'The number on the maker’s authorised-user certificate.',
  },
  { name: 'handloomMark', label: 'Handloom Mark number', help: 'The number on the Handloom Mark label.' },
  { name: 'silkMark', label: 'Silk Mark number', help: 'The number on the Silk Mark label or hologram.' },
] as const
type MarkName = (typeof markFields)[number]['name']

/**
 * A product's makers and authenticity marks (decision 098), saved on their own: shown on the product page
 * as “Made by …” and as badges with their numbers.
 */
export function ProductProvenanceForm({ productId }: { productId: string }) {
  const current = useAdmin<ProductProvenanceRow>(`/products/${productId}/provenance`)
  const artisans = useAdmin<ArtisanRow[]>('/artisans')
  return (
    <section aria-labelledby="makers-title" className="mt-6 rounded-lg border border-brand-200 bg-white p-4">
      <h2 id="makers-title" className="text-lg font-bold text-brand-800">
        Makers and authenticity marks
      </h2>
      <p className="mb-3 text-sm text-ink/75">
        The product page says “Made by …” with a link to each maker’s page, and shows each mark as a badge
        with its number and what it certifies. Fill in a mark only from the certificate or label itself.
      </p>
      {current.isPending || artisans.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {artisans.isError ? <LoadProblem error={artisans.error} retry={() => artisans.refetch()} /> : null}
      {current.isSuccess && artisans.isSuccess ? (
        <ProvenanceFields
          key={JSON.stringify(current.data)}
          productId={productId}
          initial={current.data}
          artisans={artisans.data}
        />
      ) : null}
    </section>
  )
}

function ProvenanceFields({
  productId,
  initial,
  artisans,
}: {
  productId: string
  initial: ProductProvenanceRow
  artisans: ArtisanRow[]
}) {
  const queryClient = useQueryClient()
  const [makers, setMakers] = useState(initial.makers)
  const [marks, setMarks] = useState<Record<MarkName, string>>({
    giName: initial.giName ?? '',
    giAuthorisedUser: initial.giAuthorisedUser ?? '',
    handloomMark: initial.handloomMark ?? '',
    silkMark: initial.silkMark ?? '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const chosen = new Set(makers.map((m) => m.id))
  const choices = artisans.filter((a) => !chosen.has(a.id))

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={async (e) => {
        e.preventDefault()
        const body = { makerIds: makers.map((m) => m.id), ...marks }
        const checked = productProvenanceInputSchema.safeParse(body)
        if (!checked.success) {
          setErrors(fieldErrors(checked.error))
          toast.error('Please correct the marked fields.')
          return
        }
        setErrors({})
        setSaving(true)
        try {
          const r = await adminSend(`/products/${productId}/provenance`, 'PUT', body)
          toast.success(r.message)
          await queryClient.invalidateQueries({ queryKey: ['admin'] })
        } catch (err) {
          setErrors(serverFieldErrors(err))
          toast.error(problemText(err))
        } finally {
          setSaving(false)
        }
      }}
    >
      <div className="grid content-start gap-2 sm:col-span-2">
        <span className="text-sm font-semibold">Makers</span>
        {makers.length === 0 ? (
          <p className="text-sm text-ink/70">No maker named yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="chosen-makers">
            {makers.map((m) => (
              <li
                key={m.id}
                className="flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3"
              >
                <span>{m.name}</span>
                <Button
                  small
                  tone="danger"
                  label={`Remove ${m.name} from the makers`}
                  onClick={() => setMakers(makers.filter((x) => x.id !== m.id))}
                >
                  ✕
                </Button>
              </li>
            ))}
          </ul>
        )}
        {artisans.length === 0 ? (
          <p className="text-sm">
            No artisans yet.{' '}
            <Link to="/admin/artisans" className="text-brand-700 underline">
              Add the first on the Artisans screen
            </Link>
            .
          </p>
        ) : (
          <Field label="Add a maker" error={errors.makerIds} help="Choose from the artisans you have added.">
            {(p) => (
              <select
                {...p}
                className={inputClass}
                value=""
                disabled={choices.length === 0}
                onChange={(e) => {
                  const a = artisans.find((x) => x.id === e.target.value)
                  if (a) setMakers([...makers, { id: a.id, name: a.name }])
                }}
              >
                <option value="">
                  {choices.length === 0 ? 'Every artisan is named' : 'Choose an artisan…'}
                </option>
                {choices.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                    {a.village ? ` (${a.village})` : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      {markFields.map((f) => (
        <Field key={f.name} label={f.label} help={f.help} error={errors[f.name]}>
          {(p) => (
            <input
              {...p}
              type="text"
              className={inputClass}
              value={marks[f.name]}
              onChange={(e) => setMarks({ ...marks, [f.name]: e.target.value })}
            />
          )}
        </Field>
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save makers and marks'}
        </Button>
      </div>
    </form>
  )
}
