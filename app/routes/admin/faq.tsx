import { faqInputSchema } from '../../../contracts/admin.ts'
import type { FaqRow } from '../../../contracts/admin-content.ts'
import { nth } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'

const config: ResourceConfig<FaqRow> = {
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
  summary: (r) => ({
    title: r.question,
    lines: [r.answer.replace(/<[^>]*>/g, ' ').slice(0, 140)],
  }),
  ordered: { place: (i) => `${nth(i + 1)} on the Support page` },
}

export const meta = () => [{ title: 'FAQ | Shop console' }]
export default function FaqScreen() {
  return <ResourceScreen config={config} />
}
