import { type RefObject, useEffect } from 'react'

/**
 * What was typed into a form before the page's code ran. On a slow phone the page paints seconds before its
 * code takes over; the fields the server sent are real fields, so a customer types into them, but the form's
 * state starts empty and its next render would clear what the browser shows. Once, as the code takes over,
 * the named fields' values the browser holds (a ticked box or a picked option by its value) are handed to
 * `take`, which puts them in the form's state.
 */
export function useTypedEarly(
  form: RefObject<HTMLFormElement | null>,
  take: (typed: Record<string, string>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page's code takes over
  useEffect(() => {
    const el = form.current
    if (!el) return
    const typed: Record<string, string> = {}
    for (const field of Array.from(el.elements)) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue
      if (!field.name || field.type === 'hidden') continue
      // A box ticked or an option picked counts as its value; one left alone says nothing.
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked) typed[field.name] = field.value
        continue
      }
      if (field.value !== '') typed[field.name] = field.value
    }
    if (Object.keys(typed).length > 0) take(typed)
  }, [])
}
