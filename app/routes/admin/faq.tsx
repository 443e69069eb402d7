import { faqInputSchema } from '../../../contracts/admin.ts'
import { htmlHelp } from '../../features/admin/html-help.ts'
import { type ResourceConfig, ResourceScreen } from '../../features/admin/resource-screen.tsx'

const config: ResourceConfig = {
  title: 'FAQ',
  intro: 'Questions and answers on the Support page.',
  path: 'faqs',
  noun: 'question',
  schema: faqInputSchema,
  fields: [
    { name: 'question', label: 'Question', kind: 'text', wide: true },
    { name: 'answer', label: 'Answer', kind: 'html', help: htmlHelp },
    { name: 'position', label: 'Position (smaller comes first)', kind: 'number' },
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
}

export const meta = () => [{ title: 'FAQ | Shop console' }]
export default function FaqScreen() {
  return <ResourceScreen config={config} />
}
