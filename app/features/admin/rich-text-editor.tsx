import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useRef, useState } from 'react'
import { FormattingToolbar, type ToolbarCommand, type ToolbarState } from './formatting-toolbar.tsx'
import { formattingEditorWouldDrop, htmlForEditor, htmlFromEditor, linkAddress } from './rich-text.ts'
import { type RichTextProps, richTextBox } from './rich-text-field.tsx'

const linkHelp =
  'A web address (https://…), a shop page (/Support), an e-mail address or a phone link (tel:…).'

/** The editable text's name, description and state for screen readers (it is not a form control). */
const textAttributes = (contentId: string, labelId: string, describedBy?: string, invalid?: boolean) => ({
  id: contentId,
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-labelledby': labelId,
  ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  ...(invalid ? { 'aria-invalid': 'true' } : {}),
  class: 'prose-shop flex-1 outline-none',
})

/**
 * The formatting editor: paragraphs, bold, italic, two heading sizes, lists and links, nothing the shop's
 * sanitiser would remove. The form keeps the HTML in its own state through onChange, so saving works as
 * before. Texts holding anything else (tables, pictures) open as HTML, so nothing is lost by opening them.
 */
export default function RichTextEditor({
  id,
  labelId,
  describedBy,
  invalid,
  value,
  onChange,
}: RichTextProps) {
  const [mode, setMode] = useState<'formatted' | 'html'>(() =>
    formattingEditorWouldDrop(value).length > 0 ? 'html' : 'formatted',
  )
  const [linkOpen, setLinkOpen] = useState(false)
  const [linkText, setLinkText] = useState('')
  const [linkError, setLinkError] = useState<string | null>(null)
  const linkInput = useRef<HTMLInputElement>(null)
  const lastValue = useRef(value)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const contentId = `${id}-content`
  const linkPanelId = useId()
  const dropped = formattingEditorWouldDrop(value)

  const emit = (html: string) => {
    lastValue.current = html
    onChangeRef.current(html)
  }

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Only what the toolbar offers, so every mark in the text can be seen and undone with a button.
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          // Off, so words typed right after a link are not swallowed by it (autolink makes links inclusive).
          autolink: false,
          linkOnPaste: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url) => linkAddress(url) !== null,
        },
      }),
    ],
    content: mode === 'formatted' ? htmlForEditor(value) : '',
    editorProps: { attributes: textAttributes(contentId, labelId, describedBy, invalid) },
    onUpdate: ({ editor: e }) => emit(htmlFromEditor(e.getHTML(), e.isEmpty)),
  })

  // A text typed before the editor existed (no tags) is saved as the paragraphs it now shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the value the form opened with
  useEffect(() => {
    if (mode === 'formatted' && value.trim() !== '' && htmlForEditor(value) !== value) {
      emit(htmlFromEditor(editor.getHTML(), editor.isEmpty))
    }
  }, [])

  // The form replaced the text (after a save, for example): show the new one.
  useEffect(() => {
    if (value === lastValue.current) return
    lastValue.current = value
    if (mode === 'formatted') editor.commands.setContent(htmlForEditor(value), { emitUpdate: false })
  }, [value, mode, editor])

  // Error and help texts appear after a save attempt: the text area must name them too.
  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: textAttributes(contentId, labelId, describedBy, invalid) },
    })
  }, [editor, contentId, labelId, describedBy, invalid])

  useEffect(() => {
    if (linkOpen) linkInput.current?.focus()
  }, [linkOpen])

  // A <label for> cannot reach an editable text: a tap on the field's label puts the cursor in it.
  useEffect(() => {
    const label = document.getElementById(labelId)
    if (!label || mode !== 'formatted') return
    const focusText = () => editor.commands.focus()
    label.addEventListener('click', focusText)
    return () => label.removeEventListener('click', focusText)
  }, [labelId, mode, editor])

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  })
  const asHtml = mode === 'html'
  const state: ToolbarState = {
    bold: { pressed: active.bold, disabled: asHtml },
    italic: { pressed: active.italic, disabled: asHtml },
    heading: { pressed: active.heading, disabled: asHtml },
    subheading: { pressed: active.subheading, disabled: asHtml },
    bulletList: { pressed: active.bulletList, disabled: asHtml },
    orderedList: { pressed: active.orderedList, disabled: asHtml },
    link: { pressed: active.link, disabled: asHtml },
    undo: { disabled: asHtml || !active.undo },
    redo: { disabled: asHtml || !active.redo },
    // Back to the formatting buttons only when nothing in the text would be lost.
    html: { pressed: asHtml, disabled: asHtml && dropped.length > 0 },
  }

  const openLink = () => {
    setLinkText(editor.getAttributes('link').href ?? '')
    setLinkError(null)
    setLinkOpen(true)
  }
  // Back to the text at once (the editor's own focus command waits a frame, and keys typed meanwhile
  // would go nowhere).
  const backToText = () => editor.view.focus()
  const closeLink = () => {
    setLinkOpen(false)
    backToText()
  }
  const applyLink = () => {
    const href = linkAddress(linkText)
    if (!href) {
      setLinkError(`This is not a link the shop can open. ${linkHelp}`)
      linkInput.current?.focus()
      return
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing chosen: the address itself becomes the linked words.
      editor
        .chain()
        .insertContent({ type: 'text', text: linkText.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run()
    } else {
      editor.chain().extendMarkRange('link').setLink({ href }).run()
      // The cursor goes after the link, so what is typed next does not replace its words.
      editor.commands.setTextSelection(editor.state.selection.to)
    }
    setLinkOpen(false)
    backToText()
  }
  const removeLink = () => {
    editor.chain().extendMarkRange('link').unsetLink().run()
    setLinkOpen(false)
    backToText()
  }

  const run = (command: ToolbarCommand) => {
    // A chain is built only for a command that runs it: focus() acts as soon as it is chained.
    const format = () => editor.chain().focus()
    switch (command) {
      case 'bold':
        return format().toggleBold().run()
      case 'italic':
        return format().toggleItalic().run()
      case 'heading':
        return format().toggleHeading({ level: 2 }).run()
      case 'subheading':
        return format().toggleHeading({ level: 3 }).run()
      case 'bulletList':
        return format().toggleBulletList().run()
      case 'orderedList':
        return format().toggleOrderedList().run()
      case 'undo':
        return format().undo().run()
      case 'redo':
        return format().redo().run()
      case 'link':
        return linkOpen ? closeLink() : openLink()
      case 'html':
        if (mode === 'formatted') {
          setLinkOpen(false)
          setMode('html')
          return
        }
        if (dropped.length > 0) return
        editor.commands.setContent(htmlForEditor(value), { emitUpdate: false })
        setMode('formatted')
        editor.commands.focus()
        return
    }
  }

  return (
    <div>
      <FormattingToolbar
        label="Formatting"
        controls={mode === 'formatted' ? contentId : id}
        state={state}
        onCommand={run}
        linkPanelId={linkPanelId}
        linkPanelOpen={linkOpen}
      />
      {linkOpen ? (
        // Not a <form>: it sits inside the page's form, so Enter is handled here instead of saving the page.
        <div
          id={linkPanelId}
          role="group"
          aria-label="Link"
          className="grid gap-2 border border-b-0 border-brand-200 bg-white p-2"
        >
          <label htmlFor={`${linkPanelId}-address`} className="text-sm font-semibold">
            Link address
          </label>
          <input
            ref={linkInput}
            id={`${linkPanelId}-address`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${linkPanelId}-help`}
            aria-invalid={linkError ? true : undefined}
            className="w-full rounded border border-brand-200 px-3 py-2 text-base focus:border-brand-600 focus:outline-none aria-[invalid=true]:border-red-600"
            value={linkText}
            onChange={(e) => setLinkText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                applyLink()
              } else if (e.key === 'Escape') {
                e.preventDefault()
                closeLink()
              }
            }}
          />
          <p id={`${linkPanelId}-help`} className={`text-xs ${linkError ? 'text-red-700' : 'text-ink/70'}`}>
            {linkError ?? `${linkHelp} Select words first to make them the link.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={applyLink}
              className="min-h-11 rounded border border-brand-600 bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
            >
              {active.link ? 'Change link' : 'Add link'}
            </button>
            {active.link ? (
              <button
                type="button"
                onClick={removeLink}
                className="min-h-11 rounded border border-red-300 bg-white px-4 font-semibold text-red-700 hover:bg-red-50"
              >
                Remove link
              </button>
            ) : null}
            <button
              type="button"
              onClick={closeLink}
              className="min-h-11 rounded border border-brand-200 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-100"
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'formatted' ? (
        <div
          className={`${richTextBox} flex flex-col focus-within:border-brand-600 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-saffron ${invalid ? 'border-red-600' : ''}`}
          data-testid="formatting-editor"
        >
          <EditorContent editor={editor} className="flex flex-1 flex-col" />
        </div>
      ) : (
        <>
          <textarea
            id={id}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={`${richTextBox} font-mono text-sm aria-[invalid=true]:border-red-600`}
            value={value}
            onChange={(e) => emit(e.target.value)}
          />
          {dropped.length > 0 ? (
            <p className="mt-1 text-sm text-ink/80">
              This text holds parts the formatting buttons cannot show (
              {dropped.map((t) => `<${t}>`).join(', ')}), so it is edited as HTML; saving keeps them.
            </p>
          ) : null}
        </>
      )}
    </div>
  )
}
