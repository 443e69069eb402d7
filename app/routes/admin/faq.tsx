import { faqInputSchema } from '../../../contracts/admin.ts'
import { nth } from '../../features/admin/format.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'

const config: ResourceConfig = {
  title: 'FAQ',
  intro: shownIn.faq.form,
  path: 'faqs',
  noun: 'question',
  schema: faqInputSchema,
  fields: [
    { name: 'question', label: 'Question', kind: 'text', wide: true, help: shownIn.faq.question },
    { name: 'answer', label: 'Answer', kind: 'html', help: shownIn.faq.answer },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number', help: shownIn.faq.position },
  ],
  blank: { question: '', answer: '', position: '0' },
  toForm: (r) => ({
    question: String(r.question),
    answer: String(r.answer),
    position: String(r.position ?? 0),
  }),
  summary: (r) => ({
    title: String(r.question),
    lines: [
      String(r.answer)
        .replace(/<[^>]*>/g, ' ')
        .slice(0, 140),
    ],
  }),
  ordered: { place: (i) => `${nth(i + 1)} on the Support page` },
}

export const meta = () => [{ title: 'FAQ | Shop console' }]
export default function FaqScreen() {
  return <ResourceScreen config={config} />
}
