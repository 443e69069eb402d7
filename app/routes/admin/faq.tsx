import { useRouteLoaderData } from 'react-router'
import { faqInputSchema } from '../../../contracts/admin.ts'
import type { FaqRow } from '../../../contracts/admin-content.ts'
import type { CodTermsView } from '../../../contracts/cod.ts'
import { mayOpen } from '../../../contracts/staff.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { codAnswerConflict } from '../../features/admin/faq-checks.ts'
import { nth } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'
import type { loader as layoutLoader } from './layout.tsx'

const config = (cod: CodTermsView | undefined): ResourceConfig<FaqRow> => ({
  title: 'FAQ',
  intro: shownIn.faq.form,
  path: 'faqs',
  noun: 'question',
  schema: faqInputSchema,
  fields: [
    { name: 'question', label: 'Question', kind: 'text', wide: true, help: shownIn.faq.question },
    { name: 'answer', label: 'Answer', kind: 'html', help: shownIn.faq.answer },
    {
      name: 'questionHi',
      label: 'Hindi question (optional)',
      kind: 'text',
      wide: true,
      help: shownIn.hindi.text,
    },
    { name: 'answerHi', label: 'Hindi answer (optional)', kind: 'html', help: shownIn.hindi.text },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number', help: shownIn.faq.position },
  ],
  blank: { question: '', answer: '', questionHi: '', answerHi: '', position: '0' },
  toForm: (r) => ({
    question: r.question,
    answer: r.answer,
    questionHi: r.translations.hi?.question ?? '',
    answerHi: r.translations.hi?.answer ?? '',
    position: String(r.position),
  }),
  summary: (r) => {
    // An answer that states a fact the settings decide must agree with them (the checkout offers COD).
    const conflict = codAnswerConflict(r, cod)
    return {
      title: r.question,
      lines: [
        r.answer.replace(/<[^>]*>/g, ' ').slice(0, 140),
        ...(conflict
          ? [
              <span key="conflict" className="font-semibold text-red-800" data-testid="faq-conflict">
                {conflict}
              </span>,
            ]
          : []),
      ],
    }
  },
  ordered: { place: (i) => `${nth(i + 1)} on the Support page` },
})

export const meta = () => [{ title: 'FAQ | Shop console' }]
export default function FaqScreen() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')
  const role = layout?.state === 'ok' ? layout.staffRole : null
  // Read only by a role that may open the settings; others see the list without the check.
  const cod = useAdmin<CodTermsView>(mayOpen(role, 'settings') ? '/settings/cod' : null)
  return <ResourceScreen config={config(cod.data)} />
}
