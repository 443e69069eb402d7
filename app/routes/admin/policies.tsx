import { useState } from 'react'
import { policySectionInputSchema, returnPolicyInputSchema } from '../../../contracts/admin.ts'
import type { PolicySectionRow, ReturnPolicy } from '../../../contracts/admin-content.ts'
import { adminSend, problemText, serverFieldErrors, useAdmin } from '../../features/admin/admin-api.ts'
import { nth, when } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { RichTextField } from '../../features/admin/rich-text-field.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'
import { Button, Field, Loading, LoadProblem, PageTitle } from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

const sections = (kind: 'privacy' | 'terms'): ResourceConfig<PolicySectionRow> => ({
  title: kind === 'privacy' ? 'Privacy policy' : 'Terms and conditions',
  intro: shownIn.policy.section,
  path: 'policy-sections',
  noun: 'section',
  schema: policySectionInputSchema,
  fields: [
    { name: 'kind', label: 'Kind', kind: 'hidden' },
    { name: 'title', label: 'Section title', kind: 'text' },
    {
      name: 'position',
      label: 'Position (smaller comes first)',
      kind: 'number',
      help: shownIn.policy.position,
    },
    { name: 'content', label: 'Text', kind: 'html' },
    { name: 'titleHi', label: 'Hindi section title (optional)', kind: 'text', help: shownIn.hindi.text },
    { name: 'contentHi', label: 'Hindi text (optional)', kind: 'html', help: shownIn.hindi.text },
  ],
  blank: { kind, title: '', content: '', titleHi: '', contentHi: '', position: '0' },
  toForm: (r) => ({
    kind,
    title: r.title,
    content: r.content,
    titleHi: r.translations.hi?.title ?? '',
    contentHi: r.translations.hi?.content ?? '',
    position: String(r.position),
  }),
  summary: (r) => ({
    title: r.title,
    lines: [r.content.replace(/<[^>]*>/g, ' ').slice(0, 120)],
  }),
  filter: (r) => r.kind === kind,
  ordered: {
    place: (i) =>
      `${nth(i + 1)} section of ${kind === 'privacy' ? 'the Privacy Policy' : 'Terms & Conditions'}`,
  },
})
const privacy = sections('privacy')
const terms = sections('terms')

function ReturnPolicyEditor() {
  const saved = useAdmin<ReturnPolicy>('/return-policy')
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<string | null>(null)
  const [draftHi, setDraftHi] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [errorHi, setErrorHi] = useState<string | undefined>()
  const [saving, setSaving] = useState(false)
  if (saved.isPending) return <Loading />
  if (saved.isError) return <LoadProblem error={saved.error} retry={() => saved.refetch()} />
  const value = draft ?? saved.data.content
  const valueHi = draftHi ?? saved.data.contentHi
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault()
        const body = { content: value, contentHi: valueHi }
        const checked = returnPolicyInputSchema.safeParse(body)
        if (!checked.success) {
          const issue = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message
          setError(issue('content'))
          setErrorHi(issue('contentHi'))
          return
        }
        setError(undefined)
        setErrorHi(undefined)
        setSaving(true)
        try {
          await adminSend('/return-policy', 'PUT', body)
          toast.success('Return policy saved')
          setDraft(null)
          setDraftHi(null)
          await queryClient.invalidateQueries({ queryKey: ['admin', '/return-policy'] })
        } catch (err) {
          setError(serverFieldErrors(err).content)
          setErrorHi(serverFieldErrors(err).contentHi)
          toast.error(problemText(err), { duration: 8000 })
        } finally {
          setSaving(false)
        }
      }}
    >
      <Field label="Return policy" error={error} help={shownIn.policy.returnPolicy} wide>
        {(p, { labelId }) => (
          <RichTextField
            id={p.id}
            labelId={labelId}
            describedBy={p['aria-describedby']}
            invalid={p['aria-invalid']}
            value={value}
            onChange={setDraft}
          />
        )}
      </Field>
      <Field label="Hindi return policy (optional)" error={errorHi} help={shownIn.hindi.text} wide>
        {(p, { labelId }) => (
          <RichTextField
            id={p.id}
            labelId={labelId}
            describedBy={p['aria-describedby']}
            invalid={p['aria-invalid']}
            value={valueHi}
            onChange={setDraftHi}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save return policy'}
        </Button>
        {saved.data.updatedAt ? (
          <span className="text-sm text-ink/70">Last saved {when(saved.data.updatedAt)}</span>
        ) : null}
      </div>
      {saved.data.content ? (
        <details className="rounded border border-brand-200 bg-white p-3">
          <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">
            How the saved policy looks
          </summary>
          {/* Sanitised by the server on save, exactly as the shop shows it. */}
          <div className="prose-shop mt-2" dangerouslySetInnerHTML={{ __html: saved.data.content }} />
        </details>
      ) : null}
    </form>
  )
}

export const meta = () => [{ title: 'Policies | Shop console' }]

export default function PoliciesScreen() {
  return (
    <div className="grid gap-10">
      <PageTitle title="Policies" intro={shownIn.policy.form} />
      {[privacy, terms].map((config) => (
        <section key={config.title} aria-labelledby={`${config.blank.kind}-title`}>
          <h2 id={`${config.blank.kind}-title`} className="mb-3 font-serif text-xl font-bold text-brand-800">
            {config.title}
          </h2>
          <ResourceScreen config={config} heading={false} />
        </section>
      ))}
      <section aria-labelledby="return-title">
        <h2 id="return-title" className="mb-3 font-serif text-xl font-bold text-brand-800">
          Return policy
        </h2>
        <ReturnPolicyEditor />
      </section>
    </div>
  )
}
