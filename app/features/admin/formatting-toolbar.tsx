import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react'
import { toolbarButtonSize, toolbarFrame } from './rich-text-field.tsx'

export type ToolbarCommand =
  | 'bold'
  | 'italic'
  | 'heading'
  | 'subheading'
  | 'bulletList'
  | 'orderedList'
  | 'link'
  | 'undo'
  | 'redo'
  | 'html'

const icon = (children: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
)

/** The toolbar's buttons in order: name read aloud, what is shown, and whether it stays pressed. */
export const toolbarButtons: Array<{
  command: ToolbarCommand
  name: string
  glyph: ReactNode
  toggle: boolean
}> = [
  { command: 'bold', name: 'Bold', glyph: 'B', toggle: true },
  { command: 'italic', name: 'Italic', glyph: 'I', toggle: true },
  { command: 'heading', name: 'Heading', glyph: 'H2', toggle: true },
  { command: 'subheading', name: 'Small heading', glyph: 'H3', toggle: true },
  {
    command: 'bulletList',
    name: 'Bulleted list',
    glyph: icon(
      <>
        <path d="M10 6h10M10 12h10M10 18h10" />
        <circle cx="5" cy="6" r="1" fill="currentColor" />
        <circle cx="5" cy="12" r="1" fill="currentColor" />
        <circle cx="5" cy="18" r="1" fill="currentColor" />
      </>,
    ),
    toggle: true,
  },
  {
    command: 'orderedList',
    name: 'Numbered list',
    glyph: icon(
      <path d="M10 6h10M10 12h10M10 18h10M4 4.5 5.5 4v4M4 10.5c1-1 2.5-.5 2 1L4 14h2.5M4 16.5h2.2l-1.2 1.5c1 0 1.6.6 1.2 1.4-.4.7-1.6.8-2.2.2" />,
    ),
    toggle: true,
  },
  {
    command: 'link',
    name: 'Link',
    glyph: icon(
      <>
        <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
      </>,
    ),
    toggle: true,
  },
  {
    command: 'undo',
    name: 'Undo',
    glyph: icon(
      <>
        <path d="M9 13 4 8l5-5" />
        <path d="M4 8h10a6 6 0 0 1 0 12h-3" />
      </>,
    ),
    toggle: false,
  },
  {
    command: 'redo',
    name: 'Redo',
    glyph: icon(
      <>
        <path d="m15 13 5-5-5-5" />
        <path d="M20 8H10a6 6 0 0 0 0 12h3" />
      </>,
    ),
    toggle: false,
  },
  { command: 'html', name: 'Edit as HTML', glyph: '</>', toggle: true },
]

export type ToolbarState = Partial<Record<ToolbarCommand, { pressed?: boolean; disabled?: boolean }>>

const glyphClass: Partial<Record<ToolbarCommand, string>> = {
  bold: 'font-bold',
  italic: 'italic font-serif',
  heading: 'font-bold',
  subheading: 'font-semibold text-xs',
  html: 'font-mono text-xs',
}

/**
 * The row of formatting buttons: one Tab stop, arrow keys move between buttons (the ARIA toolbar
 * pattern); each button says its name and, for the ones that stay on, whether it is pressed. It wraps
 * on a phone, every button 44 px square.
 */
export function FormattingToolbar({
  label,
  controls,
  state,
  onCommand,
  linkPanelId,
  linkPanelOpen,
}: {
  label: string
  controls?: string
  state: ToolbarState
  onCommand?: (command: ToolbarCommand) => void
  linkPanelId?: string
  linkPanelOpen?: boolean
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const enabled = toolbarButtons.map((b) => !(state[b.command]?.disabled ?? !onCommand))
  const [current, setCurrent] = useState(0)
  const focusable = enabled[current] ? current : Math.max(0, enabled.indexOf(true))

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const order = toolbarButtons.map((_, i) => i).filter((i) => enabled[i])
    if (order.length === 0) return
    const at = Math.max(0, order.indexOf(focusable))
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? order[(at + 1) % order.length]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? order[(at - 1 + order.length) % order.length]
          : e.key === 'Home'
            ? order[0]
            : e.key === 'End'
              ? order[order.length - 1]
              : undefined
    if (next === undefined) return
    e.preventDefault()
    setCurrent(next)
    refs.current[next]?.focus()
  }

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className={toolbarFrame}
    >
      {toolbarButtons.map((b, i) => {
        const s = state[b.command]
        const pressed = b.toggle ? Boolean(s?.pressed) : undefined
        return (
          <button
            key={b.command}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            aria-label={b.name}
            aria-pressed={b.command === 'link' ? undefined : pressed}
            aria-expanded={b.command === 'link' && linkPanelId ? Boolean(linkPanelOpen) : undefined}
            aria-controls={b.command === 'link' ? linkPanelId : undefined}
            title={b.name}
            disabled={!enabled[i]}
            tabIndex={i === focusable ? 0 : -1}
            // A tap on a formatting button leaves the cursor (and the phone's keyboard) in the text.
            onMouseDown={(e) => {
              if (b.command !== 'link' && b.command !== 'html') e.preventDefault()
            }}
            onClick={() => {
              setCurrent(i)
              onCommand?.(b.command)
            }}
            className={`inline-flex ${toolbarButtonSize} items-center justify-center rounded text-sm disabled:opacity-40 ${
              pressed || (b.command === 'link' && s?.pressed)
                ? 'bg-brand-700 text-white'
                : 'bg-white text-brand-800 hover:bg-brand-100'
            }`}
          >
            <span aria-hidden="true" className={glyphClass[b.command]}>
              {b.glyph}
            </span>
          </button>
        )
      })}
    </div>
  )
}
