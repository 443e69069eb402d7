import { useEffect, useId, useState } from 'react'
import { invitationDays, type StaffRole, staffRoleLabels, staffRoles } from '../../../contracts/staff.ts'
import {
  type StaffInvite,
  type StaffInvited,
  type StaffList,
  type StaffMember,
  staffInviteSchema,
} from '../../../contracts/staff-api.ts'
import { adminSend, problemText, serverFieldErrors, useAdmin } from '../../features/admin/admin-api.ts'
import { whenShort } from '../../features/admin/format.ts'
import {
  Badge,
  Button,
  ConfirmButton,
  Field,
  inputClass,
  Loading,
  LoadProblem,
  PageTitle,
} from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'

export const meta = () => [{ title: 'Staff | Shop console' }]

/** What happened after an action: kept on screen (next to what it concerns) until the next one. */
type Outcome = { ok: boolean; text: string } | null

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null
  return outcome.ok ? (
    <p role="status" className="rounded border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      {outcome.text}
    </p>
  ) : (
    <p role="alert" className="rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {outcome.text}
    </p>
  )
}

const emptyInvite: StaffInvite = { email: '', fullName: '', role: 'orders' }

/** The invitation form: the same checks as the server's, then one call; the answer stays under the button. */
function InviteForm() {
  const queryClient = useQueryClient()
  const [form, setForm] = useState<StaffInvite>(emptyInvite)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState(false)
  const roleHelp = useId()
  const roleIds = useId()

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setOutcome(null)
    const checked = staffInviteSchema.safeParse(form)
    if (!checked.success) {
      const found: Record<string, string> = {}
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const r = await adminSend<StaffInvited>('/staff', 'POST', checked.data)
      setOutcome({ ok: true, text: r.message })
      setForm(emptyInvite)
      await queryClient.invalidateQueries({ queryKey: ['admin', '/staff'] })
    } catch (err) {
      setErrors(serverFieldErrors(err))
      setOutcome({ ok: false, text: problemText(err) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="invite-title" className="rounded-lg border border-brand-200 bg-white p-4">
      <h2 id="invite-title" className="text-lg font-bold text-brand-800">
        Invite a colleague
      </h2>
      <p className="mt-1 text-sm text-ink/75">
        They get an e-mail with a link to choose their password (it works for {invitationDays} days). An
        e-mail that already has a customer account becomes a staff account and keeps its password.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="E-mail" error={errors.email}>
            {(p) => (
              <input
                {...p}
                type="email"
                autoComplete="off"
                className={inputClass}
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            )}
          </Field>
          <Field label="Full name" error={errors.fullName}>
            {(p) => (
              <input
                {...p}
                autoComplete="off"
                className={inputClass}
                value={form.fullName}
                onChange={(e) => setForm({ ...form, fullName: e.target.value })}
              />
            )}
          </Field>
        </div>
        <fieldset aria-describedby={errors.role ? roleHelp : undefined}>
          <legend className="text-sm font-semibold text-ink">Role</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {staffRoles.map((role) => (
              <label
                key={role}
                className="flex min-h-11 cursor-pointer items-start gap-2 rounded border border-brand-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                {/* Named by the role, described by what it opens. */}
                <input
                  type="radio"
                  name="invite-role"
                  value={role}
                  checked={form.role === role}
                  onChange={() => setForm({ ...form, role })}
                  aria-labelledby={`${roleIds}-${role}`}
                  aria-describedby={`${roleIds}-${role}-what`}
                  className="mt-1 size-5 shrink-0 accent-brand-600"
                />
                <span>
                  <span id={`${roleIds}-${role}`} className="block font-semibold">
                    {staffRoleLabels[role].name}
                  </span>
                  <span id={`${roleIds}-${role}-what`} className="block text-sm text-ink/75">
                    {staffRoleLabels[role].description}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.role ? (
            <p id={roleHelp} className="mt-1 text-sm text-red-700">
              {errors.role}
            </p>
          ) : null}
        </fieldset>
        <div>
          <Button type="submit" tone="primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
        <OutcomeLine outcome={outcome} />
      </form>
    </section>
  )
}

/** One colleague: who, their role since when, and what an owner may do about them. */
function Colleague({ member }: { member: StaffMember }) {
  const queryClient = useQueryClient()
  const [role, setRole] = useState<StaffRole>(member.role)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState(false)
  const titleId = useId()
  // The list was read again (another owner's change, or this one's): show the role it holds now.
  useEffect(() => setRole(member.role), [member.role])

  const act = async (path: string, body?: unknown) => {
    setOutcome(null)
    setBusy(true)
    try {
      const r = await adminSend<StaffMember>(`/staff/${member._id}${path}`, 'POST', body)
      setOutcome({ ok: true, text: r.message })
      setRole(r.data.role)
    } catch (err) {
      setOutcome({ ok: false, text: problemText(err) })
      setRole(member.role)
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: ['admin', '/staff'] })
    }
  }

  const label = staffRoleLabels[member.role].name
  return (
    <li
      aria-labelledby={titleId}
      className={`grid gap-3 rounded-lg border p-4 ${member.disabled ? 'border-stone-300 bg-stone-50' : 'border-brand-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-brand-800">
            {member.fullName}
            {member.you ? <span className="font-normal text-ink/75"> (you)</span> : null}
          </h3>
          <p className="break-all text-sm">{member.email}</p>
          <p className="mt-1 text-sm text-ink/75">
            {label}
            {member.since ? ` since ${whenShort(member.since)}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={member.role === 'owner' ? 'blue' : 'grey'}>{label}</Badge>
          {member.disabled ? <Badge tone="red">Disabled {whenShort(member.disabledAt)}</Badge> : null}
          {!member.disabled && member.invitationPending ? (
            <Badge tone="amber">
              {member.passwordChosen ? 'Not signed in yet' : 'Invited, no password yet'}
            </Badge>
          ) : null}
        </div>
      </div>
      {member.you ? (
        <p className="text-sm text-ink/75">This is you: another owner can change your role.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid min-w-40 gap-1 text-sm font-semibold">
            Role
            <select
              className={inputClass}
              value={role}
              disabled={busy}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            >
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {staffRoleLabels[r].name}
                </option>
              ))}
            </select>
          </label>
          <Button
            tone="primary"
            disabled={busy || role === member.role}
            onClick={() => act('/role', { role })}
          >
            Change role
          </Button>
          {member.disabled ? (
            <Button disabled={busy} onClick={() => act('/disable', { disabled: false })}>
              Enable
            </Button>
          ) : (
            <ConfirmButton
              small={false}
              disabled={busy}
              question={`Disable ${member.fullName}?`}
              detail="They are signed out everywhere at once and cannot sign in until an owner enables them again. What they did stays in the audit log."
              confirmLabel="Yes, disable"
              onConfirm={() => act('/disable', { disabled: true })}
            >
              Disable
            </ConfirmButton>
          )}
          {!member.passwordChosen && !member.disabled ? (
            <Button disabled={busy} onClick={() => act('/invitation')}>
              Send the invitation again
            </Button>
          ) : null}
        </div>
      )}
      {role !== member.role && !busy ? (
        <p className="text-sm text-ink/75">
          {staffRoleLabels[role].name}: {staffRoleLabels[role].description}
        </p>
      ) : null}
      <OutcomeLine outcome={outcome} />
    </li>
  )
}

export default function StaffScreen() {
  const list = useAdmin<StaffList>('/staff')
  const items = list.data?.items ?? []
  return (
    <div>
      <PageTitle
        title="Staff"
        intro="Everyone who works in this console, and what each may open. Owners invite colleagues, change their roles and disable them; an owner who has been owner longer than you, and the last owner, stay as they are."
      />
      <div className="grid gap-6">
        <InviteForm />
        <section aria-labelledby="staff-title">
          <h2 id="staff-title" className="mb-2 text-lg font-bold text-brand-800">
            The staff{list.data ? ` (${items.length})` : ''}
          </h2>
          {list.isPending ? <Loading /> : null}
          {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
          <ul className="grid gap-3">
            {items.map((m) => (
              <Colleague key={m._id} member={m} />
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
