import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'

/**
 * The formatting editor (Tiptap, about 130 KB compressed) is fetched only when a form with a formatted
 * text opens, so neither the shop's pages nor the console's other screens download it. Until it has
 * arrived (and on the server) the field is a plain text box of the same size under a placeholder of the
 * toolbar, so nothing moves when it does.
 */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'))

export type RichTextProps = {
  /** The id the field's <label for> points at (the text box while the editor loads, and in HTML mode). */
  id: string
  labelId: string
  describedBy?: string
  invalid?: boolean
  value: string
  onChange: (html: string) => void
}

/** The text area's box: the same size for the editor, the HTML view and the text box shown while loading. */
export const richTextBox =
  'block h-64 w-full resize-y overflow-auto rounded-b border border-brand-200 bg-white px-3 py-2 text-base sm:h-80'

/** How many buttons the toolbar has (formatting-toolbar.tsx): its place is kept while the editor loads. */
export const toolbarButtonCount = 10

/** The toolbar's frame and button size, shared with its placeholder. */
export const toolbarFrame =
  'flex flex-wrap gap-1 rounded-t border border-b-0 border-brand-200 bg-brand-50 p-1'
export const toolbarButtonSize = 'size-11'

function ToolbarPlaceholder() {
  return (
    <div aria-hidden="true" className={toolbarFrame}>
      {Array.from({ length: toolbarButtonCount }, (_, i) => (
        <span key={i} className={`${toolbarButtonSize} rounded bg-white`} />
      ))}
    </div>
  )
}

/** The field as it looks before the editor has loaded: the toolbar's place over a plain text box. */
export function PlainTextFallback({ id, describedBy, invalid, value, onChange }: RichTextProps) {
  return (
    <div>
      <ToolbarPlaceholder />
      <textarea
        id={id}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        className={`${richTextBox} aria-[invalid=true]:border-red-600`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}

/** If the editor's code cannot be fetched (a dropped connection), the text stays editable as HTML. */
class EditorLoadGuard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    if (!this.state.failed) return this.props.children
    return (
      <div>
        {this.props.fallback}
        <p className="mt-1 text-sm text-red-700">
          The formatting buttons could not load (check the connection and reload the page); you can still edit
          the text as HTML.
        </p>
      </div>
    )
  }
}

/** A formatted text (description, policy, answer, temple text) inside an existing form. */
export function RichTextField(props: RichTextProps) {
  const [onClient, setOnClient] = useState(false)
  useEffect(() => setOnClient(true), [])
  const fallback = <PlainTextFallback {...props} />
  if (!onClient) return fallback
  return (
    <EditorLoadGuard fallback={fallback}>
      <Suspense fallback={fallback}>
        <RichTextEditor {...props} />
      </Suspense>
    </EditorLoadGuard>
  )
}
