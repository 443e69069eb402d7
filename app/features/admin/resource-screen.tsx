import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { imageAt } from '../../../contracts/images.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, useAdmin } from './admin-api.ts'
import { type FieldSpec, type FormValues, ResourceForm, toBody } from './resource-form.tsx'
import { Button, ConfirmButton, Loading, LoadProblem, PageTitle } from './ui.tsx'

/** A row of a simple list, as its contract in contracts/admin-content.ts types it. */
export type ResourceRow = { id: string; position?: number }

export type ResourceConfig<R extends ResourceRow> = {
  title: string
  intro: string
  /** API list under /api/v1/admin. */
  path: string
  /** Singular noun staff read ("category"). */
  noun: string
  schema: z.ZodType
  fields: FieldSpec[]
  blank: FormValues
  toForm(row: R): FormValues
  summary(row: R): { title: string; lines?: ReactNode[]; picture?: string | null }
  /** Only rows this screen shows (e.g. one kind of policy). */
  filter?(row: R): boolean
  /**
   * The rows' order matters in the shop (their `position` field): each card says where it comes and can
   * be moved up or down. `place` words it from the row's index in the list ("2nd on the Support page").
   */
  ordered?: { place(index: number, row: R, rows: R[]): string }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The first thing in a form to type into or choose. */
const firstControl = (root: HTMLElement | null) =>
  root?.querySelector<HTMLElement>(
    'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable=true]',
  ) ?? null

/**
 * A list the staff keep by hand: every row as a card, add and edit in a form, delete after asking. The
 * form opens where the row is (a new row's at the top, by its button) and takes the focus, so on a phone
 * 'Edit' never seems to do nothing; closing it gives the focus back to the button that opened it.
 */
export function ResourceScreen<R extends ResourceRow>({
  config,
  heading = true,
}: {
  config: ResourceConfig<R>
  heading?: boolean
}) {
  const list = useAdmin<R[]>(`/${config.path}`)
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<R | 'new' | null>(null)
  // The form open now, read when a save ends: one opened meanwhile is not closed by that save.
  const openForm = useRef(editing)
  openForm.current = editing
  const moving = useRef(false)
  const formRef = useRef<HTMLElement>(null)
  /** The buttons focus returns to, by row id and what they do ('new' for the Add button). */
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const keep = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el)
    else buttons.current.delete(key)
  }
  const focusButton = (...keys: string[]) =>
    requestAnimationFrame(() => {
      for (const k of keys) {
        const el = buttons.current.get(k)
        if (el && !el.disabled) return el.focus()
      }
    })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  const rows = (list.data ?? []).filter(config.filter ?? (() => true))
  const editingId = editing === null ? null : editing === 'new' ? 'new' : editing.id

  useEffect(() => {
    if (editingId === null) return
    const form = formRef.current
    if (!form) return
    form.scrollIntoView({ block: 'start' })
    firstControl(form)?.focus({ preventScroll: true })
  }, [editingId])

  const close = () => {
    const was = editing
    setEditing(null)
    // After the list has re-rendered, back to the Edit or Add button that opened the form.
    if (was !== null) focusButton(was === 'new' ? 'new' : `${was.id}:edit`)
  }

  /** New positions 1, 2, 3… in the new order; only rows whose position changes are saved. */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...rows]
    const [row] = order.splice(index, 1)
    if (!row || moving.current) return
    order.splice(index + by, 0, row)
    moving.current = true
    try {
      for (const [i, r] of order.entries()) {
        if (Number(r.position) === i + 1) continue
        const body = toBody(config.fields, { ...config.toForm(r), position: String(i + 1) })
        await adminSend(`/${config.path}/${r.id}`, 'PUT', body)
      }
      toast.success(`Moved “${config.summary(row).title}” to place ${index + by + 1}`)
    } catch (err) {
      toast.error(problemText(err))
    } finally {
      await refresh()
      moving.current = false
      // The keyboard stays on the moved row (its other button once it reaches an end).
      focusButton(`${row.id}:${by < 0 ? 'up' : 'down'}`, `${row.id}:${by < 0 ? 'down' : 'up'}`)
    }
  }

  const formFor = (target: R | 'new') => {
    const isNew = target === 'new'
    const title = isNew ? `New ${config.noun}` : `Edit ${config.noun}`
    return (
      <section
        ref={formRef}
        aria-label={title}
        className="rounded-lg border-2 border-brand-600 bg-white p-4 shadow-lg"
      >
        <h2 className="mb-3 text-lg font-bold text-brand-800">{title}</h2>
        <ResourceForm
          key={isNew ? 'new' : target.id}
          fields={config.fields}
          schema={config.schema}
          initial={isNew ? config.blank : config.toForm(target)}
          submitLabel={isNew ? `Add ${config.noun}` : 'Save changes'}
          onCancel={close}
          onSubmit={async (body) => {
            const r = isNew
              ? await adminSend(`/${config.path}`, 'POST', body)
              : await adminSend(`/${config.path}/${target.id}`, 'PUT', body)
            toast.success(r.message === 'Saved' ? `${capital(config.noun)} saved` : r.message)
            await refresh()
            if (openForm.current === target) close()
          }}
        />
      </section>
    )
  }

  const addButton = (
    <Button
      tone="primary"
      // Pressed again while its form is open: back to the form rather than nothing.
      onClick={() => (editing === 'new' ? firstControl(formRef.current)?.focus() : setEditing('new'))}
      ref={keep('new')}
    >
      + Add {config.noun}
    </Button>
  )

  return (
    <div>
      {heading ? (
        <PageTitle title={config.title} intro={config.intro} action={addButton} />
      ) : (
        <div className="mb-3 grid gap-2">
          {config.intro ? <p className="max-w-2xl text-sm text-ink/75">{config.intro}</p> : null}
          <div>{addButton}</div>
        </div>
      )}
      {editing === 'new' ? <div className="mb-6">{formFor('new')}</div> : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.isSuccess && rows.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          Nothing here yet.
        </p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {rows.map((row, index) => {
          if (editing !== null && editing !== 'new' && editing.id === row.id) {
            return (
              <li key={row.id} className="md:col-span-2">
                {formFor(editing)}
              </li>
            )
          }
          const s = config.summary(row)
          return (
            <li
              key={row.id}
              className="grid content-start gap-2 rounded-lg border border-brand-200 bg-white p-3"
            >
              <div className="flex gap-3">
                {s.picture ? (
                  <img
                    src={imageAt(s.picture, 200)}
                    alt=""
                    className="size-16 shrink-0 rounded object-cover"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  {config.ordered ? (
                    <p className="text-sm font-semibold text-brand-700">
                      {config.ordered.place(index, row, rows)}
                    </p>
                  ) : null}
                  <h3 className="break-words font-semibold">{s.title}</h3>
                  {(s.lines ?? []).map((l, i) => (
                    <div key={i} className="break-words text-sm text-ink/75">
                      {l}
                    </div>
                  ))}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  small
                  onClick={() => setEditing(row)}
                  label={`Edit ${s.title}`}
                  ref={keep(`${row.id}:edit`)}
                >
                  Edit
                </Button>
                {config.ordered ? (
                  <>
                    <Button
                      small
                      onClick={() => move(index, -1)}
                      disabled={index === 0}
                      label={`Move ${s.title} up`}
                      ref={keep(`${row.id}:up`)}
                    >
                      <span aria-hidden="true">↑</span> Up
                    </Button>
                    <Button
                      small
                      onClick={() => move(index, 1)}
                      disabled={index === rows.length - 1}
                      label={`Move ${s.title} down`}
                      ref={keep(`${row.id}:down`)}
                    >
                      <span aria-hidden="true">↓</span> Down
                    </Button>
                  </>
                ) : null}
                <ConfirmButton
                  question={`Delete this ${config.noun}?`}
                  detail={`“${s.title}” will be removed from the shop. This cannot be undone.`}
                  confirmLabel="Yes, delete"
                  onConfirm={async () => {
                    try {
                      await adminSend(`/${config.path}/${row.id}`, 'DELETE')
                      toast.success(`${capital(config.noun)} deleted`)
                      await refresh()
                    } catch (err) {
                      toast.error(problemText(err))
                    }
                  }}
                >
                  Delete
                </ConfirmButton>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
