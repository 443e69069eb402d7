import { Fragment, type ReactNode } from 'react'
import type { Values } from '../../contracts/i18n/translate.ts'
import { useT } from './i18n.tsx'

// Marks where an element goes in the translated text; characters no message contains.
const open = '\u0001'
const close = '\u0002'
const split = new RegExp(`${open}(\\w+)${close}`)

/**
 * A whole translated sentence with elements in it (a link, a bold word): the message names each one as a
 * placeholder, `t('I agree to the {terms}')`, so translators can put it where their language needs it.
 */
export function Rich({
  message,
  parts,
  values,
}: {
  message: string
  parts: Record<string, ReactNode>
  values?: Values
}) {
  const t = useT()
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `${open}${name}${close}`]))
  const pieces = t(message, { ...values, ...marks }).split(split)
  return (
    <>
      {pieces.map((piece, i) => (
        // Odd pieces are the names the split captured; the pieces of one sentence never move.
        <Fragment key={i}>{i % 2 === 1 ? parts[piece] : piece}</Fragment>
      ))}
    </>
  )
}
